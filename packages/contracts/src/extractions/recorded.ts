import { z } from 'zod';
import { TOP_PLAN_MAX_LISTED_ACCOUNTS } from './discovery.ts';
import { ZEmailCheckSchema } from './email-check.ts';
import { ZExtractionDataSchema } from './extraction-data.ts';

/**
 * `extractions.recorded`: one account of a run finished with a profile, published by the extractor
 * (outbox, in the item's transaction) and stored by the database service, idempotently on `itemId`.
 */
export const ZExtractionRecordedSchema = z.object({
  itemId: z.uuid(),
  runId: z.uuid(),
  username: z.string(),
  emailFound: z.boolean(),
  creditsUsed: z.number().int().min(0),
  extractionData: ZExtractionDataSchema,
  /**
   * The e-mail's verdict when the run had it; null while it is still being checked (an
   * `extractions.email-checked` follows) or without an e-mail. Absent in events older than the check.
   */
  emailCheck: ZEmailCheckSchema.nullable().optional(),
});
export type TExtractionRecorded = z.infer<typeof ZExtractionRecordedSchema>;

/**
 * Request/reply the database service answers for the extractor: which of these usernames the user
 * already has saved (a deleted record can be extracted again).
 */
export const DATABASE_RPC = { extracted: 'rpc.database.extracted' } as const;
export const ZExtractedRequestSchema = z.object({
  userId: z.string().min(1),
  /** The workspace whose "already extracted" scope is asked (absent: the user's personal workspace). */
  ownerKey: z.string().min(1).optional(),
  /** A run's or a list page's usernames: at most the largest run. */
  usernames: z.array(z.string()).max(TOP_PLAN_MAX_LISTED_ACCOUNTS),
});
export type TExtractedRequest = z.infer<typeof ZExtractedRequestSchema>;
export const ZExtractedResponseSchema = z.object({ extracted: z.array(z.string()) });
