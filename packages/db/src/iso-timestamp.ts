import { type SQL, sql } from 'drizzle-orm';

/**
 * A UTC `timestamp` (`<timestamptz column> at time zone 'UTC'`) as the text JavaScript's `toISOString`
 * writes (milliseconds, `Z`; null stays null), for reads whose JSON PostgreSQL writes: the answer is
 * then the same as a `Date` read from the row and serialised.
 */
export const isoTimestampText = (utcTimestamp: SQL): SQL =>
  sql`to_char(${utcTimestamp}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
