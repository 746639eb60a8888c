import { utc } from '@date-fns/utc';
import { addMonths as addMonthsOf } from 'date-fns';

/**
 * Record retention (docs/product.md §10): a saved record is removed this many months after its data was
 * fetched (its extraction, or its last re-check); 0 keeps records. The database service's sweeper and the
 * Database page's "expires" both go by this.
 */
export const DEFAULT_RECORD_RETENTION_MONTHS = 12;

/**
 * `date` plus whole months, the way PostgreSQL adds an interval of months (which the sweeper uses): the
 * day of the month is kept, or clamped to the last day of a shorter month (31 Jan + 1 month = 28/29 Feb),
 * counted in UTC whatever the machine's time zone.
 */
export const addMonths = (date: Date, months: number): Date =>
  new Date(addMonthsOf(date, months, { in: utc }).getTime());

/** When a record fetched at `refreshedAt` is removed; null when records are kept (`months` 0). */
export const recordExpiresAt = (refreshedAt: Date, months: number): Date | null =>
  months > 0 ? addMonths(refreshedAt, months) : null;
