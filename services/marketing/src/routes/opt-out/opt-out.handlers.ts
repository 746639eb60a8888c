import type { TEventBus } from '@prospector/bus';
import {
  ACCESS_REQUEST_RECEIVED_MESSAGE,
  AppError,
  bioCodeMissingMessage,
  createEvent,
  EXTRACTOR_RPC,
  normalizeUsername,
  OPT_OUT_CONFIRMATION_DAYS,
  OPT_OUT_CONFIRMED_MESSAGE,
  OPT_OUT_LINK_INVALID_MESSAGE,
  OPT_OUT_RECEIVED_MESSAGE,
  OPT_OUT_REQUEST_INVALID_MESSAGE,
  type TAccessRequest,
  type TOptOutBioCheckRequest,
  type TOptOutConfirmRequest,
  type TOptOutReceived,
  type TOptOutRecorded,
  type TOptOutRequest,
} from '@prospector/contracts';
import { enqueueEvent, recordAudit, type TDatabase } from '@prospector/db';
import type { TOptOutKeys } from '@prospector/service-kit';
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Context } from 'hono';
import { auditTrail, optOutRequests, outbox } from '../../db/schema.ts';
import { createBioCode } from '../../opt-out/bio-code.ts';
import type { TChallenges } from '../../opt-out/challenge.ts';
import { confirmOptOut } from '../../opt-out/confirm-opt-out.ts';

export const INVALID_PROOF_MESSAGE = 'The check expired or did not pass. Please try again.';
export const INVALID_USERNAME_MESSAGE = 'Enter an Instagram username or a link to the profile.';
export const BIO_CHECK_UNAVAILABLE_MESSAGE =
  'The bio cannot be checked right now. Please try again in a minute.';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Records an opt-out as an unconfirmed request of keyed hashes and announces it (`optouts.recorded`) in
 * the same transaction: new extractions stop at once. Saved copies go only once the owner confirms, by the
 * mailed link or the bio code (`confirmOptOut`). No answer says whether anything was held: the marketing
 * service does not know, and the services that do act on the events alone.
 */
export function createOptOutHandlers(
  database: TDatabase,
  bus: Pick<TEventBus, 'request'>,
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
      const bioCode = createBioCode();
      const expiresAt = new Date(now().getTime() + OPT_OUT_CONFIRMATION_DAYS * DAY_MS);
      const requestId = await database.db.transaction(async (tx) => {
        // Requests that lapsed unconfirmed can never count again: each new one clears them away.
        await tx
          .delete(optOutRequests)
          .where(and(isNull(optOutRequests.confirmedAt), lte(optOutRequests.expiresAt, now())));
        const [request] = await tx
          .insert(optOutRequests)
          .values({ usernameKey, emailKey, bioCode, expiresAt })
          .returning({ id: optOutRequests.id });
        if (!request) throw new AppError('INTERNAL', 'The opt-out request was not stored');
        await recordAudit(tx, auditTrail, { action: 'opt-out', scope: 'requests', records: 1 });
        await enqueueEvent(
          tx,
          outbox,
          createEvent('optouts.recorded', null, {
            requestId: request.id,
            usernameKey,
            emailKey,
            expiresAt: expiresAt.toISOString(),
          }),
        );
        return request.id;
      });
      return c.json(
        {
          message: OPT_OUT_RECEIVED_MESSAGE,
          requestId,
          bioCode,
          expiresAt: expiresAt.toISOString(),
        } satisfies TOptOutRecorded,
        202,
      );
    },

    /** The mailed link: its token names the request and the address it was sent to. */
    async confirm(c: Context, input: TOptOutConfirmRequest) {
      const token = keys.readConfirmationToken(input.token);
      const confirmed =
        token !== null &&
        (await confirmOptOut(database, {
          requestId: token.requestId,
          by: 'link',
          emailKey: token.emailKey,
          now: now(),
        }));
      if (!confirmed) throw new AppError('NOT_FOUND', OPT_OUT_LINK_INVALID_MESSAGE);
      return c.json({ message: OPT_OUT_CONFIRMED_MESSAGE } satisfies TOptOutReceived, 200);
    },

    /**
     * "I've added it": the request's code looked for in the profile's bio as the extractor fetches it
     * now. The username is asked again (only its hash is stored) and must be the request's account.
     */
    async bioCheck(c: Context, input: TOptOutBioCheckRequest) {
      const username = normalizeUsername(input.username);
      const [request] = await database.db
        .select()
        .from(optOutRequests)
        .where(eq(optOutRequests.id, input.requestId));
      const live =
        request && username && keys.username(username) === request.usernameKey
          ? request.confirmedAt !== null || request.expiresAt > now()
          : false;
      if (!request || !username || !live) throw new AppError('NOT_FOUND', OPT_OUT_REQUEST_INVALID_MESSAGE);
      const { outcome } = await bus
        .request(EXTRACTOR_RPC.bioShowsCode, { username, code: request.bioCode }, { timeoutMs: 30_000 })
        .catch(() => {
          // The extractor's own words (a provider failure, no responder) are not for the person.
          throw new AppError('UNAVAILABLE', BIO_CHECK_UNAVAILABLE_MESSAGE);
        });
      if (outcome !== 'shown') throw new AppError('CONFLICT', bioCodeMissingMessage(username));
      await confirmOptOut(database, { requestId: request.id, by: 'bio', emailKey: null, now: now() });
      return c.json({ message: OPT_OUT_CONFIRMED_MESSAGE } satisfies TOptOutReceived, 200);
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
