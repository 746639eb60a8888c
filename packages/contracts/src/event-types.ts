import { z } from 'zod';
import { ZProfileSchema } from './account/schemas.ts';
import { ZCreditChangeSchema } from './billing/credits.ts';
import { ZSubscriptionChangeSchema } from './billing/subscription-events.ts';
import { ZExtractionEmailCheckedSchema } from './extractions/email-check.ts';
import { ZExtractionRecordedSchema } from './extractions/recorded.ts';
import { ZRunSchema } from './extractions/runs.ts';

/**
 * The data each event type carries, so publishers and consumers are typed from one place
 * (docs/architecture.md §5). The event `type` is the subject it travels on.
 */
export const EVENT_DATA = {
  'accounts.created': z.object({ email: z.string(), name: z.string() }),
  'accounts.updated': z.object({ profile: ZProfileSchema }),
  'accounts.erased': z.object({}),
  /**
   * Sessions of `userId` ended (sign-out, password change or reset, erasure): session caches in
   * every service drop that user's entries at once instead of waiting for their TTL.
   */
  'accounts.sessions-ended': z.object({
    // `membership-changed`: a role changed or the user left or was removed from a workspace; the
    // sessions go on, but every cached view of their workspace and role must be asked again;
    // `workspace-switched`: the user made another of their workspaces the active one (the same).
    reason: z.enum([
      'signed-out',
      'password-changed',
      'password-reset',
      'erased',
      'membership-changed',
      'workspace-switched',
    ]),
  }),
  /** Every change of a user's credits, from the billing ledger, with the balance after it. */
  'credits.granted': ZCreditChangeSchema,
  'credits.held': ZCreditChangeSchema,
  'credits.captured': ZCreditChangeSchema,
  'credits.released': ZCreditChangeSchema,
  'credits.refunded': ZCreditChangeSchema,
  /** Credits moved between two workspaces of one owner: one event per side, `balance` that side's. */
  'credits.transferred': ZCreditChangeSchema,
  /** A user's subscription changed (purchase, renewal, cancel, reactivate, end), from billing. */
  'billing.subscription.updated': ZSubscriptionChangeSchema,
  /** One account of an extraction run finished with a profile, from the extractor. */
  'extractions.recorded': ZExtractionRecordedSchema,
  /** A recorded account's e-mail got its verdict after the record (and any refund), from the extractor. */
  'extractions.email-checked': ZExtractionEmailCheckedSchema,
  /** A run ended (completed, cancelled or failed), in the transaction that closed it, from the extractor. */
  'extractions.run-finished': z.object({ run: ZRunSchema }),
  /**
   * Saved records of the user were removed after someone opted out, from the database service: the ids
   * only, so no event or log keeps who the person was (docs/architecture.md §15).
   */
  'extractions.opted-out': z.object({ extractionIds: z.array(z.uuid()).min(1) }),
  /**
   * Someone asked on the public page to opt an account out (marketing), not yet confirmed by its owner:
   * keyed hashes (HMAC, OPTOUT_KEY) of the normalised username and, if given, of the e-mail. The extractor
   * refuses new extractions of what matches until `expiresAt` (30 days) or a confirmation; the database
   * service mails a confirmation link (`requestId`) to each e-mail its saved records of the account show.
   * No saved copy is touched.
   */
  'optouts.recorded': z.object({
    requestId: z.uuid(),
    usernameKey: z.string(),
    emailKey: z.string().nullable(),
    expiresAt: z.iso.datetime(),
  }),
  /**
   * The account's owner confirmed an opt-out (marketing): by the link mailed to an address the profile
   * showed (`emailKey`, that address's hash) or by a code in the profile's bio (`emailKey` null). Every
   * holder refuses the account for good and removes its saved copies (by username, and by that address).
   */
  'optouts.confirmed': z.object({ usernameKey: z.string(), emailKey: z.string().nullable() }),
  /** "What do you hold about me?" for the account with this keyed hash (marketing); answered by e-mail. */
  'optouts.access-requested': z.object({ usernameKey: z.string() }),
  /**
   * The extractor's own work queue: the next step of a run's lane (`step` fences redeliveries whose work
   * committed, `notBefore` paces the run, epoch ms), and the check of an e-mail recorded before its verdict.
   */
  'extractor.jobs.step': z.object({
    runId: z.uuid(),
    lane: z.number().int().min(1),
    step: z.number().int().min(0),
    notBefore: z.number().int().min(0),
  }),
  'extractor.jobs.check-email': z.object({ itemId: z.uuid() }),
} as const;
export type TEventType = keyof typeof EVENT_DATA;
export type TEventData<TType extends TEventType> = z.infer<(typeof EVENT_DATA)[TType]>;
