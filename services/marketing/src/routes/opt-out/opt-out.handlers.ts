import {
  ACCESS_REQUEST_RECEIVED_MESSAGE,
  AppError,
  createEvent,
  OPT_OUT_RECEIVED_MESSAGE,
  type TAccessRequest,
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
  /** The request's proof checked and its username keyed, or the refusal. */
  async function proven(input: TAccessRequest): Promise<string> {
    if (!(await challenges.accept(input.challenge, input.nonce, now().getTime()))) {
      throw new AppError('FORBIDDEN', INVALID_PROOF_MESSAGE);
    }
    const usernameKey = keys.username(input.username);
    if (!usernameKey) throw new AppError('VALIDATION_FAILED', INVALID_USERNAME_MESSAGE);
    return usernameKey;
  }

  return {
    challenge(c: Context) {
      return c.json(challenges.issue(now().getTime()), 200);
    },

    async optOut(c: Context, input: TOptOutRequest) {
      const usernameKey = await proven(input);
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
      return c.json({ message: OPT_OUT_RECEIVED_MESSAGE } satisfies TOptOutReceived, 202);
    },

    /**
     * "What do you hold about me?": announced with the keyed hash only. The database service, which
     * holds the records, mails what it holds to the e-mail shown on the profile; nothing is shown here.
     */
    async access(c: Context, input: TAccessRequest) {
      const usernameKey = await proven(input);
      await database.db.transaction(async (tx) => {
        await recordAudit(tx, auditTrail, { action: 'access-request', scope: 'requests', records: 1 });
        await enqueueEvent(tx, outbox, createEvent('optouts.access-requested', null, { usernameKey }));
      });
      return c.json({ message: ACCESS_REQUEST_RECEIVED_MESSAGE } satisfies TOptOutReceived, 202);
    },
  };
}
