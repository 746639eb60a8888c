import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import {
  ZAccountListPageSchema,
  ZKeywordSearchResponseSchema,
  ZProviderInfoSchema,
  ZSimilarAccountsResponseSchema,
} from './discovery.ts';
import {
  ZAccountListBodySchema,
  ZSearchBodySchema,
  ZSimilarBodySchema,
  ZStartRunBodySchema,
} from './request-bodies.ts';
import { EXTRACTOR_PATHS, ZRunDetailSchema, ZRunListSchema, ZRunSchema } from './runs.ts';

const ZRunEnvelopeSchema = z.object({ run: ZRunSchema });
const runParams = z.object({ runId: z.string() });

/** The extractor service's endpoints: runs and their live stream, discovery, pictures. */
export const EXTRACTOR_ENDPOINTS = {
  startRun: defineEndpoint({
    method: 'post',
    path: EXTRACTOR_PATHS.runs,
    summary: 'Start an extraction run',
    description:
      'Normalises the usernames, skips those the user already has, holds one credit per new account and ' +
      'queues the run. Each account whose public e-mail is found then costs one credit; the rest of the hold ' +
      'is released at the end. A list with nothing valid is "Enter at least one valid username"; 409 ALREADY_EXTRACTED when ' +
      'every username was extracted before (409 CONFLICT when every account opted out); 402 with "You need n credits but only have m"; 402 TRIAL_EXPIRED ' +
      'when the trial is over and no subscription is active.',
    auth: 'session',
    body: ZStartRunBodySchema,
    responses: {
      202: { description: 'Queued.', body: ZRunEnvelopeSchema, headers: { location: 'The run’s own path.' } },
    },
    errors: [
      'ALREADY_EXTRACTED',
      'CONFLICT',
      'INSUFFICIENT_CREDITS',
      'MEMBER_LIMIT_REACHED',
      'TRIAL_EXPIRED',
      'UNAVAILABLE',
    ],
  }),
  runs: defineEndpoint({
    method: 'get',
    path: EXTRACTOR_PATHS.runs,
    summary: 'The user’s runs, newest first',
    auth: 'session',
    responses: { 200: { description: 'The runs.', body: ZRunListSchema } },
  }),
  run: defineEndpoint({
    method: 'get',
    path: EXTRACTOR_PATHS.run,
    summary: 'One run with its items',
    auth: 'session',
    params: runParams,
    responses: { 200: { description: 'The run.', body: ZRunDetailSchema, sentAsText: true } },
    errors: ['NOT_FOUND'],
  }),
  cancelRun: defineEndpoint({
    method: 'post',
    path: EXTRACTOR_PATHS.cancelRun,
    summary: 'Cancel a run',
    description: 'The run stops after the account it is working on; the unused hold is released.',
    auth: 'session',
    params: runParams,
    responses: { 200: { description: 'The run, cancelling or cancelled.', body: ZRunEnvelopeSchema } },
    errors: ['NOT_FOUND'],
  }),
  events: defineEndpoint({
    method: 'get',
    path: EXTRACTOR_PATHS.events,
    summary: 'Live progress of the user’s runs (Server-Sent Events)',
    description:
      'First a `run` event per current run, then `run` after every change and `item` per finished account, ' +
      'whichever extractor process did the work. Comment lines keep an idle stream open.',
    auth: 'session',
    responses: { 200: { description: 'The event stream.', contentType: 'text/event-stream' } },
  }),
  provider: defineEndpoint({
    method: 'get',
    path: EXTRACTOR_PATHS.provider,
    summary: 'Which data provider answers',
    description: '`sampleData` is true for the sandbox, whose profiles are generated; the pages label them.',
    auth: 'session',
    responses: { 200: { description: 'The provider and what it can do.', body: ZProviderInfoSchema } },
  }),
  search: defineEndpoint({
    method: 'post',
    path: EXTRACTOR_PATHS.search,
    summary: 'Keyword search',
    description:
      'Accounts the user already extracted are left out and counted in `hidden`. A provider page on which ' +
      'every account is hidden is passed over (up to 5 in one call, each counted against the per-user ' +
      'search limit) and counted in `skippedPages`; pass `nextCursor` for the next page. 402 TRIAL_EXPIRED ' +
      'when the trial is over and no subscription is active.',
    auth: 'session',
    body: ZSearchBodySchema,
    responses: { 200: { description: 'The accounts found.', body: ZKeywordSearchResponseSchema } },
    errors: ['TRIAL_EXPIRED', 'RATE_LIMITED', 'UNSUPPORTED', 'PROVIDER_FAILED', 'UNAVAILABLE'],
  }),
  similar: defineEndpoint({
    method: 'post',
    path: EXTRACTOR_PATHS.similar,
    summary: 'Similar accounts',
    description:
      'Takes a username, `@name` or a profile URL. 402 TRIAL_EXPIRED when the trial is over and no ' +
      'subscription is active.',
    auth: 'session',
    body: ZSimilarBodySchema,
    responses: { 200: { description: 'The usernames found.', body: ZSimilarAccountsResponseSchema } },
    errors: ['TRIAL_EXPIRED', 'RATE_LIMITED', 'UNSUPPORTED', 'PROVIDER_FAILED', 'UNAVAILABLE'],
  }),
  accountLists: defineEndpoint({
    method: 'post',
    path: EXTRACTOR_PATHS.accountLists,
    summary: 'Followers, following or hashtag posters, one page',
    description:
      'Free, counted against the per-user search limit. `target` is a username (`@name` and profile URLs ' +
      "accepted) or a hashtag (with or without `#`); pass the previous page's `nextCursor` for the next. " +
      'Accounts the user already extracted are marked `extracted`. `private` is true when the account ' +
      'hides its lists. 404 when the account does not exist; 501 when the provider cannot list that kind.',
    auth: 'session',
    body: ZAccountListBodySchema,
    responses: { 200: { description: 'One page of accounts.', body: ZAccountListPageSchema } },
    errors: ['TRIAL_EXPIRED', 'RATE_LIMITED', 'NOT_FOUND', 'UNSUPPORTED', 'PROVIDER_FAILED', 'UNAVAILABLE'],
  }),
  avatar: defineEndpoint({
    method: 'get',
    path: EXTRACTOR_PATHS.avatar,
    summary: 'A profile picture, through the service',
    description:
      'Drawn for sandbox profiles, fetched from the provider’s CDN (signed keys only) otherwise, so browsers ' +
      'never load a provider’s URL. Served with a CSP that forbids scripts.',
    auth: 'session',
    params: z.object({ key: z.string() }),
    responses: { 200: { description: 'The image.', contentType: 'image/*' } },
    errors: ['NOT_FOUND', 'FORBIDDEN', 'PROVIDER_FAILED'],
  }),
} as const;
