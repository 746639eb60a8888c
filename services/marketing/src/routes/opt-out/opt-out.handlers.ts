import {
  AppError,
  createEvent,
  OPT_OUT_RECEIVED_MESSAGE,
  type TOptOutReceived,
  type TOptOutRequest,
} from '@prospector/contracts';
import { enqueueEvent, recordAudit, type TDatabase } from '@prospector/db';
import type { TOptOutKeys } from '@prospector/service-kit';
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { auditTrail, optOuts, outbox } from '../../db/schema.ts';
import type { TChallenges } from '../../opt-out/challenge.ts';

export const INVALID_PROOF_MESSAGE = 'The check expired or did not pass. Please try again.';
export const INVALID_USERNAME_MESSAGE = 'Enter an Instagram username or a link to the profile.';

/**
 * Records an opt-out as keyed hashes and announces it (`optouts.recorded`) in the same transaction.
 * The answer never says whether anything was held: the marketing service does not know, and the
 * services that do act on the event alone.
 */
export function createOptOutHandlers(
  database: TDatabase,
  keys: TOptOutKeys,
  challenges: TChallenges,
  now: () => Date,
) {
  return {
    challenge(c: Context) {
      return c.json(challenges.issue(now().getTime()));
    },

    async optOut(c: Context, input: TOptOutRequest) {
      if (!(await challenges.accept(input.challenge, input.nonce, now().getTime()))) {
        throw new AppError('FORBIDDEN', INVALID_PROOF_MESSAGE);
      }
      const usernameKey = keys.username(input.username);
      if (!usernameKey) throw new AppError('VALIDATION_FAILED', INVALID_USERNAME_MESSAGE);
      const emailKey = keys.email(input.email);
      await database.db.transaction(async (tx) => {
        await tx
          .insert(optOuts)
          .values({ usernameKey, emailKey })
          .onConflictDoUpdate({
            target: optOuts.usernameKey,
            set: { emailKey: sql`coalesce(excluded.email_key, ${optOuts.emailKey})`, updatedAt: sql`now()` },
          });
        await recordAudit(tx, auditTrail, { action: 'opt-out', scope: 'requests', records: 1 });
        await enqueueEvent(tx, outbox, createEvent('optouts.recorded', null, { usernameKey, emailKey }));
      });
      const body: TOptOutReceived = { message: OPT_OUT_RECEIVED_MESSAGE };
      return c.json(body, 202);
    },
  };
}
