import { EXTRACTION_CSV_COLUMNS, readExtractionData } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import { buildExtractionCsv } from './extraction-csv.ts';

describe('the results CSV (docs/product.md §3 "CSV formats")', () => {
  it('neutralises a formula hidden behind spaces, invisible characters or fullwidth signs', () => {
    const profile = readExtractionData({
      username: 'ada',
      full_name: ' =1+1',
      category: '\u200B=HYPERLINK("http://x")',
      country: '\uFF0B1',
      external_url: '\uFEFF\uFF20sum',
      public_email: 'ada@example.com',
      biography: '\u00A0-2',
    });
    const csv = buildExtractionCsv([{ profile, extractedAt: '2026-11-24T00:00:00.000Z' }]);
    const [header, row] = csv.replace(/^\uFEFF/, '').split('\n');
    expect(header).toBe(EXTRACTION_CSV_COLUMNS.join(';'));
    const cells = Object.fromEntries(
      EXTRACTION_CSV_COLUMNS.map((column, index) => [column, row?.split(';')[index]]),
    );
    expect(cells).toMatchObject({
      username: 'ada',
      full_name: "' =1+1",
      category: `"'\u200B=HYPERLINK(""http://x"")"`,
      country: "'\uFF0B1",
      external_url: "'\uFEFF\uFF20sum",
      biography: "'\u00A0-2",
    });
  });
});
