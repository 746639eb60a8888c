import { successRate, type TExtractionStats, type TOptOutRemovals } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import type { TUserContext } from '@prospector/service-kit';
import { count, eq, sql, sum } from 'drizzle-orm';
import { extractions, optOutRemovals } from '../../db/schema.ts';

export function createStatsHandlers(database: TDatabase) {
  // Built once and prepared: PostgreSQL parses and plans it once per connection, not on every read.
  const statsQuery = database.db
    .select({
      total: count(),
      // The same test as the page's "With email" filter and the export: a stored public e-mail.
      withEmail: count(extractions.publicEmail),
      creditsUsed: sum(extractions.creditsUsed).mapWith(Number),
      // In the same statement: one round trip per read.
      removedCredits:
        sql<number>`coalesce((select ${optOutRemovals.creditsUsed} from ${optOutRemovals} where ${optOutRemovals.userId} = ${sql.placeholder('userId')}), 0)`.mapWith(
          Number,
        ),
    })
    .from(extractions)
    .where(eq(extractions.userId, sql.placeholder('userId')))
    .prepare('read_extraction_stats');
  return {
    async getStats(c: TUserContext) {
      const { userId } = c.get('user');
      const [row] = await statsQuery.execute({ userId });
      const total = row?.total ?? 0;
      const withEmail = row?.withEmail ?? 0;
      const stats: TExtractionStats = {
        totalExtractions: total,
        withEmail,
        // Credits spent on records later removed after opt-outs were still spent.
        creditsUsed: (row?.creditsUsed ?? 0) + (row?.removedCredits ?? 0),
        successRate: successRate(withEmail, total),
      };
      return c.json(stats, 200);
    },

    /** How many of the user's saved records were removed after their owners opted out. */
    async getOptOutRemovals(c: TUserContext) {
      const [row] = await database.db
        .select({ removed: optOutRemovals.removed })
        .from(optOutRemovals)
        .where(eq(optOutRemovals.userId, c.get('user').userId));
      return c.json({ removed: row?.removed ?? 0 } satisfies TOptOutRemovals, 200);
    },
  };
}
