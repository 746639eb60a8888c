import { describe, expect, it } from 'vitest';
import { exportUrl } from './export-extractions.ts';

describe('exportUrl', () => {
  it('sends the filters, or the selection, and the e-mail status column only when asked', () => {
    expect(exportUrl('', [])).toBe('/api/database/extractions/export');
    expect(exportUrl('emailStatus=deliverable&q=ab', [])).toBe(
      '/api/database/extractions/export?emailStatus=deliverable&q=ab',
    );
    expect(exportUrl('q=ab', ['a', 'b'])).toBe('/api/database/extractions/export?ids=a,b');
    expect(exportUrl('q=ab', [], true)).toBe('/api/database/extractions/export?q=ab&includeEmailStatus=true');
    expect(exportUrl('', ['a'], true)).toBe('/api/database/extractions/export?ids=a&includeEmailStatus=true');
  });
});
