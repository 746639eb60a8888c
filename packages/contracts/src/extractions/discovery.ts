import { z } from 'zod';
import { PROVIDER_NAMES } from './extraction-data.ts';

/** `GET /api/extractor/provider`: which data provider answers and what it can do. */
export const ZProviderInfoSchema = z.object({
  provider: z.enum(PROVIDER_NAMES),
  /** True for the sandbox: its profiles are generated, and the page says so. */
  sampleData: z.boolean(),
  capabilities: z.object({ search: z.boolean(), similar: z.boolean() }),
});
export type TProviderInfo = z.infer<typeof ZProviderInfoSchema>;

/** `POST /api/extractor/search`. */
export const ZKeywordSearchRequestSchema = z.object({ keyword: z.string().trim().min(1).max(100) });
export type TKeywordSearchRequest = z.infer<typeof ZKeywordSearchRequestSchema>;

/** The spec's keyword search result user; the picture is served through the extractor's image proxy. */
export const ZKeywordSearchUserSchema = z.object({
  username: z.string(),
  profile_pic_url: z.string().nullable(),
  full_name: z.string().nullable(),
  is_verified: z.boolean(),
  is_private: z.boolean(),
});
export type TKeywordSearchUser = z.infer<typeof ZKeywordSearchUserSchema>;

export const ZKeywordSearchResponseSchema = z.object({
  users: z.array(ZKeywordSearchUserSchema),
  /** Accounts left out because the user already extracted them. */
  hidden: z.number().int().min(0),
});
export type TKeywordSearchResponse = z.infer<typeof ZKeywordSearchResponseSchema>;

/** `POST /api/extractor/similar`. */
export const ZSimilarAccountsRequestSchema = z.object({ username: z.string().trim().min(1).max(100) });
export type TSimilarAccountsRequest = z.infer<typeof ZSimilarAccountsRequestSchema>;
export const ZSimilarAccountsResponseSchema = z.object({
  accounts: z.array(z.string()),
  total: z.number().int().min(0),
});
export type TSimilarAccountsResponse = z.infer<typeof ZSimilarAccountsResponseSchema>;
