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
  /** Mail an opt-out's confirmation link to an e-mail the saved records of the account show. */
  optOutConfirmation: 'rpc.account.opt-out-confirmation',
  /** Whose an API key is (the public API, docs/architecture.md §12), counted against its hourly limit. */
  apiKey: 'rpc.account.api-key',
  /** Whether a user is a member of a workspace (billing asks before it sets a member's limit). */
  membership: 'rpc.account.membership',
} as const;

export const ZMembershipRequestSchema = z.object({
  workspaceId: z.string().min(1),
  userId: z.string().min(1),
});
export const ZMembershipResponseSchema = z.object({ member: z.boolean() });

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

/** An opt-out's confirmation link, for the mail to an address the profile showed (the database service's records). */
export const ZOptOutConfirmationMailSchema = z.object({
  to: z.email(),
  username: z.string().min(1).max(30),
  /** The link's token (`OPT_OUT_CONFIRM_PARAM` on the opt-out page). */
  token: z.string().min(1).max(300),
  /** When the request lapses unless confirmed. */
  expiresAt: z.iso.datetime(),
});
export type TOptOutConfirmationMail = z.infer<typeof ZOptOutConfirmationMailSchema>;

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
