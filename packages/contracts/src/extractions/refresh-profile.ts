import { z } from 'zod';
import { ZExtractionDataSchema } from './extraction-data.ts';

/**
 * `rpc.extractor.refresh-profile` (`EXTRACTOR_RPC.refreshProfile`): the database service's re-check of a
 * saved record asks the extractor for the account's profile as it is now — past the profile cache, behind
 * the suppression list, linked websites included — without a run and without a charge.
 */
export const ZRefreshProfileRequestSchema = z.object({
  /** On whose behalf (the provider's rate limiter serves users in turn). */
  userId: z.string().min(1).max(200),
  username: z.string().min(1).max(100),
});

/** A provider failure is not an outcome: the reply is an `UNAVAILABLE` error. */
export const ZRefreshProfileResponseSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('found'), profile: ZExtractionDataSchema }),
  z.object({ outcome: z.literal('not_found') }),
  z.object({ outcome: z.literal('opted_out') }),
]);

/**
 * `rpc.extractor.bio-shows-code` (`EXTRACTOR_RPC.bioShowsCode`): the marketing service's opt-out
 * confirmation asks whether the account's bio, fetched now past the cache, shows the request's code.
 */
export const ZBioShowsCodeRequestSchema = z.object({
  username: z.string().min(1).max(100),
  code: z.string().min(1).max(40),
});
/** A provider failure is not an outcome: the reply is an `UNAVAILABLE` error. */
export const ZBioShowsCodeResponseSchema = z.object({
  outcome: z.enum(['shown', 'not_shown', 'not_found']),
});
