import { ownerKeyOf } from '@prospector/auth-client';
import type { TEventBus } from '@prospector/bus';
import { BILLING_RPC, successRate, type TExtractionStats, type TOptOutRemovals } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import type { TUserContext } from '@prospector/service-kit';
import { count, eq, sql } from 'drizzle-orm';
import { extractions, optOutRemovals } from '../../db/schema.ts';

export function createStatsHandlers(database: TDatabase, bus: TEventBus) {
  // Built once and prepared: PostgreSQL parses and plans it once per connection, not on every read.
  const statsQuery = database.db
    .select({
      total: count(),
      // The same test as the page's "With email" filter and the export: a stored public e-mail.
      withEmail: count(extractions.publicEmail),
    })
    .from(extractions)
    .where(eq(extractions.ownerKey, sql.placeholder('ownerKey')))
    .prepare('read_extraction_stats');
  return {
    async getStats(c: TUserContext) {
      // The workspace's figures (docs/architecture.md §17), whichever member extracted.
      const user = c.get('user');
      const ownerKey = ownerKeyOf(user);
      // Credits come from billing's ledger, asked beside the count: a saved record is one per account,
      // so summing records undercounts an account two overlapping runs fetched (one charged it, the
      // other recorded it at 0), and misses records removed since (opt-outs, retention) that were paid.
      const [[row], { creditsUsed }] = await Promise.all([
        statsQuery.execute({ ownerKey }),
        bus.request(BILLING_RPC.creditsUsed, { userId: user.userId, ownerKey }),
      ]);
      const total = row?.total ?? 0;
      const withEmail = row?.withEmail ?? 0;
      const stats: TExtractionStats = {
        totalExtractions: total,
        withEmail,
        creditsUsed,
        successRate: successRate(withEmail, total),
      };
      return c.json(stats, 200);
    },

    /** How many of the workspace's saved records were removed after their owners opted out. */
    async getOptOutRemovals(c: TUserContext) {
      const [row] = await database.db
        .select({ removed: optOutRemovals.removed })
        .from(optOutRemovals)
        .where(eq(optOutRemovals.ownerKey, ownerKeyOf(c.get('user'))));
      return c.json({ removed: row?.removed ?? 0 } satisfies TOptOutRemovals, 200);
    },
  };
}
