import { utc } from '@date-fns/utc';
import { differenceInMonths } from 'date-fns';

/**
 * A saved record's age and expiry as the Database page words them (docs/product.md §10): the age counts
 * from when its data was fetched (its extraction, or its last re-check), the expiry comes from the server.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** "today", "3 days", "2 months", "1 year": whole units, rounded down. */
export function recordAge(refreshedAt: string, now = Date.now()): string {
  const days = Math.floor((now - Date.parse(refreshedAt)) / DAY_MS);
  if (days < 1) return 'today';
  if (days < 31) return plural(days, 'day');
  const months = Math.max(1, differenceInMonths(now, refreshedAt, { in: utc }));
  if (months < 12) return plural(months, 'month');
  return plural(Math.floor(months / 12), 'year');
}

/** "Fetched today" or "3 days old". */
export const ageLabel = (refreshedAt: string, now = Date.now()): string => {
  const age = recordAge(refreshedAt, now);
  return age === 'today' ? 'Fetched today' : `${age} old`;
};

export const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** "Expires Mar 1, 2027", or "Kept" when records are kept until deleted. */
export const expiryLabel = (expiresAt: string | null): string =>
  expiresAt ? `Expires ${formatDay(expiresAt)}` : 'Kept';

/** The page's one sentence on retention, from RECORD_RETENTION_MONTHS as the server says it. */
export function retentionNote(months: number): string {
  if (months === 0) return 'Saved records are kept until you delete them.';
  const period = plural(months, 'month');
  return `Saved records are removed ${period} after their data was fetched. Re-check a record (free, once a day) to fetch it again and keep it another ${period}.`;
}
