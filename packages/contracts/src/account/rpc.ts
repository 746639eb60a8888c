import { z } from 'zod';

/**
 * Request/reply subjects the account service answers for other services. They lie outside every
 * stream (`accounts.>` belongs to the ACCOUNTS stream), so nothing stores the requests.
 */
export const ACCOUNT_RPC = {
  /** The user's trial start and subscription status, which decide whether the tools are open. */
  toolAccess: 'rpc.account.tool-access',
} as const;

export const ZToolAccessRequestSchema = z.object({ userId: z.string().min(1) });
export type TToolAccessRequest = z.infer<typeof ZToolAccessRequestSchema>;

/** The profile's fields `isPaywalled` reads; the asker decides with its own clock, so it may cache them. */
export const ZToolAccessResponseSchema = z.object({
  subscriptionStatus: z.enum(['trial', 'active']),
  trialStartedAt: z.iso.datetime(),
});
export type TToolAccessResponse = z.infer<typeof ZToolAccessResponseSchema>;
