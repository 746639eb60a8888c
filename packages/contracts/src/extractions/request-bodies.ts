import { z } from 'zod';
import { ACCOUNT_LIST_KINDS, TOP_PLAN_MAX_LISTED_ACCOUNTS } from './discovery.ts';
import { DISCOVERY_MESSAGES as M } from './discovery-messages.ts';
import { RUN_SOURCES, ZStartRunRequestSchema } from './runs.ts';
import { normalizeUsername } from './usernames.ts';

/**
 * The bodies the extractor's endpoints validate, with the product's messages. Usernames in a run are
 * checked by the service (`normalizeRunUsernames`), so a list with nothing valid gets the spec's "Enter
 * at least one valid username" rather than a schema message.
 */
export const ZStartRunBodySchema = z.object({
  // The largest any plan allows; the handler holds each user to their plan's (`maxRunUsernamesOf`).
  usernames: z
    .array(z.string())
    .max(TOP_PLAN_MAX_LISTED_ACCOUNTS, `A run takes at most ${TOP_PLAN_MAX_LISTED_ACCOUNTS} usernames`),
  source: z.enum(RUN_SOURCES),
  sourceDetail: ZStartRunRequestSchema.shape.sourceDetail,
  /** Also look on the websites profiles link to (default true). */
  websites: z.boolean().default(true),
});
export type TStartRunBody = z.output<typeof ZStartRunBodySchema>;

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

/** A hashtag as Instagram spells it: letters, digits and underscores, any script, at most 100. */
const HASHTAG = /^[\p{L}\p{M}\p{N}_]{1,100}$/u;

/** `#VeganBakery`, `veganbakery` → `veganbakery`; null when it cannot be a hashtag. */
export function normalizeHashtag(value: string): string | null {
  const tag = value.trim().replace(/^#/, '').normalize('NFC').toLowerCase();
  return HASHTAG.test(tag) ? tag : null;
}

/**
 * ZAccountListRequestSchema with the spec's messages: the target is a username (`@name`, a profile
 * URL) for followers and following, a hashtag with or without `#` otherwise, normalised either way.
 */
export const ZAccountListBodySchema = z
  .object({
    kind: z.enum(ACCOUNT_LIST_KINDS),
    target: z.string().trim().max(200),
    cursor: z.string().max(500).nullish(),
  })
  .transform((body, context) => {
    const isTag = body.kind === 'hashtag';
    const refuse = (message: string) => {
      context.addIssue({ code: 'custom', path: ['target'], message });
      return z.NEVER;
    };
    if (body.target === '') return refuse(isTag ? M.hashtagRequired : M.usernameRequired);
    const target = isTag ? normalizeHashtag(body.target) : normalizeUsername(body.target);
    if (target === null) return refuse(isTag ? M.hashtagInvalid : M.usernameInvalid);
    return { kind: body.kind, target, cursor: body.cursor ?? null };
  });
export type TAccountListBody = z.output<typeof ZAccountListBodySchema>;
