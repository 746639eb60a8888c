import { zValidator } from '@hono/zod-validator';
import { EXTRACTOR_PATHS, normalizeUsername } from '@prospector/contracts';
import { z } from 'zod';
import { DISCOVERY_MESSAGES as M } from '../../discovery/discovery-messages.ts';

export const DISCOVERY_PATHS = {
  provider: EXTRACTOR_PATHS.provider,
  search: EXTRACTOR_PATHS.search,
  similar: EXTRACTOR_PATHS.similar,
} as const;

/** ZKeywordSearchRequestSchema with the spec's messages. */
export const ZSearchBodySchema = z.object({
  keyword: z.string({ error: M.keywordRequired }).trim().min(1, M.keywordRequired).max(100, M.keywordTooLong),
});

/** ZSimilarAccountsRequestSchema with the spec's messages; `@name` and profile URLs are accepted. */
export const ZSimilarBodySchema = z.object({
  username: z
    .string({ error: M.usernameRequired })
    .trim()
    .min(1, M.usernameRequired)
    .max(200, M.usernameInvalid)
    .transform((value, context) => {
      const username = normalizeUsername(value);
      if (username === null) {
        context.addIssue({ code: 'custom', message: M.usernameInvalid });
        return z.NEVER;
      }
      return username;
    }),
});

/** A body that fails its schema is thrown to the service's error handler (400 VALIDATION_FAILED). */
export const searchBody = zValidator('json', ZSearchBodySchema, (result) => {
  if (!result.success) throw result.error;
});
export const similarBody = zValidator('json', ZSimilarBodySchema, (result) => {
  if (!result.success) throw result.error;
});
