import { normalizeUsername } from '@prospector/contracts';
import { validated } from '@prospector/service-kit';
import { z } from 'zod';
import { DISCOVERY_MESSAGES as M } from '../../discovery/discovery-messages.ts';

/** ZKeywordSearchRequestSchema with the spec's messages. */
export const ZSearchBodySchema = z.object({
  keyword: z.string({ error: M.keywordRequired }).trim().min(1, M.keywordRequired).max(100, M.keywordTooLong),
  /** The previous page's `nextCursor`, for "Load more". */
  cursor: z.string().max(500).nullish(),
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

export const searchBody = validated('json', ZSearchBodySchema);
export const similarBody = validated('json', ZSimilarBodySchema);
