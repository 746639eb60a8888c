import type { TRecordConsentRequest, TRecordConsentResponse } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import type { Context } from 'hono';
import { consents } from '../../db/schema.ts';

/** Appends the choice to the consent log, as made: a changed mind is a new row, never an update. */
export function createConsentsHandlers(database: TDatabase) {
  return {
    async recordConsent(c: Context, input: TRecordConsentRequest) {
      const [row] = await database.db
        .insert(consents)
        .values({ anonymousId: input.anonymousId, policyVersion: input.policyVersion, ...input.flags })
        .returning({ id: consents.id, createdAt: consents.createdAt });
      if (!row) throw new Error('The consent row was not written');
      const body: TRecordConsentResponse = { id: row.id, createdAt: row.createdAt.toISOString() };
      return c.json(body, 201);
    },
  };
}
