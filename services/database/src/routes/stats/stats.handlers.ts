import type { TUserVariables } from '@prospector/auth-client';
import { successRate, type TExtractionStats } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { count, eq, sql, sum } from 'drizzle-orm';
import type { Context } from 'hono';
import { extractions } from '../../db/schema.ts';

export function createStatsHandlers(database: TDatabase) {
  // Built once and prepared: PostgreSQL parses and plans it once per connection, not on every read.
  const statsQuery = database.db
    .select({
      total: count(),
      // The same test as the page's "With email" filter and the export: a stored public e-mail.
      withEmail: count(extractions.publicEmail),
      creditsUsed: sum(extractions.creditsUsed).mapWith(Number),
    })
    .from(extractions)
    .where(eq(extractions.userId, sql.placeholder('userId')))
    .prepare('read_extraction_stats');
  return {
    async getStats(c: Context<{ Variables: TUserVariables }>) {
      const { userId } = c.get('user');
      const [row] = await statsQuery.execute({ userId });
      const total = row?.total ?? 0;
      const withEmail = row?.withEmail ?? 0;
      const stats: TExtractionStats = {
        totalExtractions: total,
        withEmail,
        creditsUsed: row?.creditsUsed ?? 0,
        successRate: successRate(withEmail, total),
      };
      return c.json(stats);
    },
  };
}
