/**
 * Record retention (docs/product.md §10): a saved record is removed this many months after its data was
 * fetched (its extraction, or its last re-check); 0 keeps records. The database service's sweeper and the
 * Database page's "expires" both go by this.
 */
export const DEFAULT_RECORD_RETENTION_MONTHS = 12;

/**
 * `date` plus whole months, the way PostgreSQL adds an interval of months (which the sweeper uses): the
 * day of the month is kept, or clamped to the last day of a shorter month (31 Jan + 1 month = 28/29 Feb).
 */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(date.getTime());
  const day = date.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/** When a record fetched at `refreshedAt` is removed; null when records are kept (`months` 0). */
export const recordExpiresAt = (refreshedAt: Date, months: number): Date | null =>
  months > 0 ? addMonths(refreshedAt, months) : null;
