import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from '../extraction-filters.ts';
import { exportUrl } from './export-extractions.ts';

describe('exportUrl', () => {
  it('sends the filters, or the selection, and the e-mail status column only when asked', () => {
    const searched = { ...NO_FILTERS, q: 'ab' };
    expect(exportUrl(NO_FILTERS, [])).toBe('/api/database/extractions/export');
    expect(exportUrl({ ...searched, emailStatus: 'deliverable' }, [])).toBe(
      '/api/database/extractions/export?q=ab&emailStatus=deliverable',
    );
    expect(exportUrl(searched, ['a', 'b'])).toBe('/api/database/extractions/export?ids=a,b');
    expect(exportUrl(searched, [], true)).toBe(
      '/api/database/extractions/export?q=ab&includeEmailStatus=true',
    );
    expect(exportUrl(NO_FILTERS, ['a'], true)).toBe(
      '/api/database/extractions/export?ids=a&includeEmailStatus=true',
    );
  });
});
