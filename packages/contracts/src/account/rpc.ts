import { z } from 'zod';

/**
 * Request/reply subjects the account service answers for other services. They lie outside every
 * stream (`accounts.>` belongs to the ACCOUNTS stream), so nothing stores the requests.
 */
export const ACCOUNT_RPC = {
  /** The user's trial start and subscription status, which decide whether the tools are open. */
  toolAccess: 'rpc.account.tool-access',
  /** Mail the answer to a "What do you hold about me?" request to the e-mail shown on the profile. */
  dataAccessAnswer: 'rpc.account.data-access-answer',
  /** Whose an API key is (the public API, docs/architecture.md §12), counted against its hourly limit. */
  apiKey: 'rpc.account.api-key',
} as const;

/** What the database service holds about one Instagram account, for the mail to its profile's e-mail. */
export const ZDataAccessAnswerSchema = z.object({
  to: z.email(),
  username: z.string().min(1).max(30),
  /** How many customers have a saved record of it. */
  holders: z.number().int().min(1),
  /** The profile fields saved (names, not values). */
  fields: z.array(z.string()).max(40),
  firstSavedAt: z.iso.datetime(),
  lastSavedAt: z.iso.datetime(),
});
export type TDataAccessAnswer = z.infer<typeof ZDataAccessAnswerSchema>;

export const ZToolAccessRequestSchema = z.object({ userId: z.string().min(1) });

/** The profile's fields `isPaywalled` and `planLimitsOf` read; the asker decides with its own clock, so it may cache them. */
export const ZToolAccessResponseSchema = z.object({
  subscriptionStatus: z.enum(['trial', 'active']),
  trialStartedAt: z.iso.datetime(),
  /** The plan, for its limits (`planLimitsOf`); absent from an older account service: none. */
  subscriptionPlan: z.enum(['package_1', 'package_2', 'package_3', 'none']).default('none'),
});
/** As the account service answers it (the plan may be left out). */
export type TToolAccessResponse = z.input<typeof ZToolAccessResponseSchema>;
