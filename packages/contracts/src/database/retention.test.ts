import { describe, expect, it } from 'vitest';
import { addMonths, recordExpiresAt } from './retention.ts';

describe('record retention', () => {
  it('adds months keeping the day and the time of day', () => {
    expect(addMonths(new Date('2026-03-14T09:30:00.000Z'), 12).toISOString()).toBe(
      '2027-03-14T09:30:00.000Z',
    );
    expect(addMonths(new Date('2026-11-30T00:00:00.000Z'), 3).toISOString()).toBe('2027-02-28T00:00:00.000Z');
  });

  it('clamps to the last day of a shorter month, as PostgreSQL does', () => {
    expect(addMonths(new Date('2026-01-31T12:00:00.000Z'), 1).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(addMonths(new Date('2027-01-31T12:00:00.000Z'), 13).toISOString()).toBe(
      '2028-02-29T12:00:00.000Z',
    );
  });

  it('has no expiry when records are kept', () => {
    expect(recordExpiresAt(new Date('2026-01-31T12:00:00.000Z'), 0)).toBeNull();
    expect(recordExpiresAt(new Date('2026-05-31T12:00:00.000Z'), 12)?.toISOString()).toBe(
      '2027-05-31T12:00:00.000Z',
    );
  });
});
