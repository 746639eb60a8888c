import { describe, expect, it } from 'vitest';
import { ageLabel, expiryLabel, recordAge, retentionNote } from './record-age.ts';

const NOW = Date.parse('2026-11-26T12:00:00.000Z');

describe("a record's age and expiry", () => {
  it('counts whole days, then calendar months, then years, from when the data was fetched', () => {
    expect(recordAge('2026-11-26T01:00:00.000Z', NOW)).toBe('today');
    expect(recordAge('2026-11-25T11:00:00.000Z', NOW)).toBe('1 day');
    expect(recordAge('2026-10-27T12:00:00.000Z', NOW)).toBe('30 days');
    expect(recordAge('2026-10-20T12:00:00.000Z', NOW)).toBe('1 month');
    expect(recordAge('2026-02-27T12:00:00.000Z', NOW)).toBe('8 months');
    expect(recordAge('2026-02-26T12:00:00.000Z', NOW)).toBe('9 months');
    expect(recordAge('2025-11-26T12:00:00.000Z', NOW)).toBe('1 year');
    expect(recordAge('2023-01-01T00:00:00.000Z', NOW)).toBe('3 years');
  });

  it('words the age, the expiry and the retention period', () => {
    expect(ageLabel('2026-11-26T01:00:00.000Z', NOW)).toBe('Fetched today');
    expect(ageLabel('2026-11-23T01:00:00.000Z', NOW)).toBe('3 days old');
    expect(expiryLabel('2027-11-23T01:00:00.000Z')).toBe('Expires Nov 23, 2027');
    expect(expiryLabel(null)).toBe('Kept');
    expect(retentionNote(12)).toBe(
      'Saved records are removed 12 months after their data was fetched. Re-check a record (free, once a day) to fetch it again and keep it another 12 months.',
    );
    expect(retentionNote(1)).toContain('removed 1 month after');
    expect(retentionNote(0)).toBe('Saved records are kept until you delete them.');
  });
});
