import { z } from 'zod';
import { PROVIDER_NAMES } from './extraction-data.ts';

/** `GET /api/extractor/provider`: which data provider answers and what it can do. */
export const ZProviderInfoSchema = z.object({
  provider: z.enum(PROVIDER_NAMES),
  /** True for the sandbox: its profiles are generated, and the page says so. */
  sampleData: z.boolean(),
  capabilities: z.object({
    search: z.boolean(),
    similar: z.boolean(),
    /** An account's followers list. */
    followers: z.boolean().default(false),
    /** The accounts an account follows. */
    following: z.boolean().default(false),
    /** The accounts that posted under a hashtag recently. */
    hashtag: z.boolean().default(false),
  }),
});
export type TProviderInfo = z.infer<typeof ZProviderInfoSchema>;

/** `POST /api/extractor/search`. */
export const ZKeywordSearchRequestSchema = z.object({
  keyword: z.string().trim().min(1).max(100),
  /** The previous page's `nextCursor`, for "Load more". */
  cursor: z.string().max(500).nullish(),
});
export type TKeywordSearchRequest = z.infer<typeof ZKeywordSearchRequestSchema>;

/** The spec's keyword search result user; the picture is served through the extractor's image proxy. */
export const ZKeywordSearchUserSchema = z.object({
  username: z.string(),
  profile_pic_url: z.string().nullable(),
  full_name: z.string().nullable(),
  is_verified: z.boolean(),
  is_private: z.boolean(),
  /** Reach and business category, to judge an account before spending; null when the provider did not say. */
  follower_count: z.number().int().min(0).nullable().default(null),
  category: z.string().nullable().default(null),
});
export type TKeywordSearchUser = z.infer<typeof ZKeywordSearchUserSchema>;

export const ZKeywordSearchResponseSchema = z.object({
  users: z.array(ZKeywordSearchUserSchema),
  /**
   * Accounts left out of what this answer searched (its page and the pages it skipped): the user already
   * extracted them, or their owners opted out.
   */
  hidden: z.number().int().min(0),
  /** Of `hidden`, those whose owners opted out (docs/product.md §10); absent from an older service. */
  optedOut: z.number().int().min(0).default(0),
  /**
   * Provider pages passed over before this answer's page because every account on them was hidden (at most
   * `MAX_SKIPPED_SEARCH_PAGES`); absent from an older service.
   */
  skippedPages: z.number().int().min(0).default(0),
  /** Where the next page starts; null (or absent, from an older service) when there is no more. */
  nextCursor: z.string().nullable().default(null),
});

/**
 * How many provider pages one keyword search (or "Load more") passes over when every account on them is
 * hidden, before it answers with an empty page and the cursor after them (docs/product.md §2).
 */
export const MAX_SKIPPED_SEARCH_PAGES = 5;
export type TKeywordSearchResponse = z.infer<typeof ZKeywordSearchResponseSchema>;

/** `POST /api/extractor/similar`. */
export const ZSimilarAccountsRequestSchema = z.object({ username: z.string().trim().min(1).max(100) });
export type TSimilarAccountsRequest = z.infer<typeof ZSimilarAccountsRequestSchema>;

/**
 * The list sources besides keyword search: an account's followers, the accounts it follows, and the
 * accounts that posted under a hashtag. Listing is free (rate-limited per user); extracting is a run.
 */
export const ACCOUNT_LIST_KINDS = ['followers', 'following', 'hashtag'] as const;
export type TAccountListKind = (typeof ACCOUNT_LIST_KINDS)[number];

/** What the page and the 501 answer say when the provider cannot list that kind. */
export const ACCOUNT_LIST_UNSUPPORTED: Record<TAccountListKind, string> = {
  followers: "Followers lists aren't available with the current data provider.",
  following: "Following lists aren't available with the current data provider.",
  hashtag: "Hashtag search isn't available with the current data provider.",
};

export { MAX_LISTED_ACCOUNTS, TOP_PLAN_MAX_LISTED_ACCOUNTS } from './list-limits.ts';

/** `POST /api/extractor/account-lists`: one page; `cursor` is the previous page's `nextCursor`. */
export const ZAccountListRequestSchema = z.object({
  kind: z.enum(ACCOUNT_LIST_KINDS),
  /** A username (followers, following) or a hashtag, with or without its `#`. */
  target: z.string().trim().min(1).max(200),
  cursor: z.string().max(500).nullish(),
});

/** A listed account with what lets the user judge it before spending: reach, category, badges. */
export const ZListedAccountSchema = ZKeywordSearchUserSchema.extend({
  /** Already in the user's database: extracting it again costs nothing and is skipped. */
  extracted: z.boolean(),
});
export type TListedAccount = z.infer<typeof ZListedAccountSchema>;

export const ZAccountListPageSchema = z.object({
  accounts: z.array(ZListedAccountSchema),
  /** Null when the provider has no more. */
  nextCursor: z.string().nullable(),
  /** The account's lists are private (followers, following): nothing can be listed. */
  private: z.boolean(),
});
export type TAccountListPage = z.infer<typeof ZAccountListPageSchema>;

/**
 * Similar accounts with what lets the user judge them, as every discovery result has: followers,
 * category, badges, already in the database.
 */
export const ZSimilarAccountsResponseSchema = z.object({
  accounts: z.array(ZListedAccountSchema),
  total: z.number().int().min(0),
  /** Similar accounts left out because their owners opted out (docs/product.md §10); absent from an older service. */
  hidden: z.number().int().min(0).default(0),
});
export type TSimilarAccountsResponse = z.infer<typeof ZSimilarAccountsResponseSchema>;
