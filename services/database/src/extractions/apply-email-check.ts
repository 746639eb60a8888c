import type { TExtractionEmailChecked } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { and, eq, sql } from 'drizzle-orm';
import { extractions } from '../db/schema.ts';

/**
 * Writes a verdict reached after the record (`extractions.email-checked`) on the run item's record of
 * the workspace. A verdict older than the one stored (a re-check came first) changes nothing, so
 * redeliveries and late arrivals never roll a record back. `no_record`: the record is not stored (yet, or
 * any more).
 */
export async function applyEmailCheck(
  db: TDatabase['db'],
  { ownerKey, checked }: { ownerKey: string; checked: TExtractionEmailChecked },
) {
  const whereItem = and(eq(extractions.ownerKey, ownerKey), eq(extractions.itemId, checked.itemId));
  // Looked up first: a record stored between a failed update and a later look-up would make the verdict
  // look stale and lose it.
  const [stored] = await db.select({ id: extractions.id }).from(extractions).where(whereItem);
  if (!stored) return 'no_record' as const;
  const updated = await db
    .update(extractions)
    .set({
      emailStatus: checked.emailCheck.status,
      emailCheck: checked.emailCheck,
      creditsUsed: checked.creditsUsed,
    })
    .where(
      and(
        whereItem,
        sql`(${extractions.emailCheck} is null or (${extractions.emailCheck} ->> 'checkedAt')::timestamptz <= ${checked.emailCheck.checkedAt}::timestamptz)`,
      ),
    )
    .returning({ id: extractions.id });
  return updated.length > 0 ? ('applied' as const) : ('stale' as const);
}
