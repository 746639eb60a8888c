import {
  MAX_LISTED_ACCOUNTS,
  type TAccountListKind,
  TOP_PLAN_MAX_LISTED_ACCOUNTS,
} from '@prospector/contracts';
import type { TClock } from '../clock.ts';
import { cannotListAccounts, ProviderError, type TAccountPage } from '../provider-port.ts';
import {
  distinctAccounts,
  posterFromApifyPost,
  postTimeOf,
  searchUserFromApifyItem,
  type TApifyItem,
} from './apify-items.ts';

/**
 * Followers: `goat255/instagram-followers-scraper`, input `{ usernames, maxFollowersPerUser }`, one
 * dataset row per follower `{ queryUsername, username, fullName, id, isVerified, isPrivate,
 * profilePicUrl }`, no login needed. It lists followers only, so "Following" is not offered with Apify.
 */
export const DEFAULT_APIFY_FOLLOWERS_ACTOR = 'goat255~instagram-followers-scraper';
/**
 * Hashtags: Apify's own `apify/instagram-hashtag-scraper`, input `{ hashtags, resultsType: 'posts',
 * resultsLimit }`, one dataset row per recent post with its author in `ownerUsername` / `ownerFullName`
 * and its time in `timestamp`.
 */
export const DEFAULT_APIFY_HASHTAG_ACTOR = 'apify~instagram-hashtag-scraper';
/** Dataset rows read per page. */
export const APIFY_LIST_PAGE_SIZE = 100;
/** Apify holds a request open at most this long waiting for a run (`waitForFinish`). */
const MAX_WAIT_SECONDS = 60;
const SERVICE = 'Apify';
const TERMINAL = new Set(['SUCCEEDED', 'FAILED', 'ABORTED', 'TIMED-OUT']);
const CURSOR = /^([A-Za-z0-9]{1,64}):(\d{1,7})$/;

export type TCallApify = (
  path: string,
  request: { method: 'GET' | 'POST'; json?: unknown; timeoutMs: number; signal?: AbortSignal },
) => Promise<unknown>;

interface TApifyRun {
  id: string;
  status: string;
  defaultDatasetId: string;
}

/** `{ data: { id, status, defaultDatasetId } }`, the run object Apify answers. */
function runOf(body: unknown): TApifyRun {
  const data = (body as { data?: Partial<TApifyRun> } | undefined)?.data;
  if (
    typeof data?.id !== 'string' ||
    typeof data.status !== 'string' ||
    typeof data.defaultDatasetId !== 'string'
  ) {
    throw new ProviderError('bad_response', `${SERVICE} answered without a run`);
  }
  return { id: data.id, status: data.status, defaultDatasetId: data.defaultDatasetId };
}

/**
 * Account lists through Apify. The first page starts the actor (`POST /v2/acts/{actor}/runs`, waiting
 * for it with `waitForFinish` and then `GET /v2/actor-runs/{id}`), every page reads its dataset
 * (`GET /v2/datasets/{id}/items?offset&limit`): the cursor is `{datasetId}:{offset}`, so "Load more"
 * costs one dataset read, not another scrape.
 */
export function createApifyLists(options: {
  followersActor: string;
  hashtagActor: string;
  timeoutMs: number;
  clock: TClock;
  callApify: TCallApify;
  itemsOf: (body: unknown) => TApifyItem[];
}) {
  const { callApify, clock } = options;
  const waitSeconds = Math.min(MAX_WAIT_SECONDS, Math.max(1, Math.floor(options.timeoutMs / 1000)));
  const callTimeoutMs = waitSeconds * 1000 + 5_000;

  async function runToEnd(actor: string, input: unknown, signal?: AbortSignal): Promise<string> {
    const deadline = clock.now() + options.timeoutMs;
    let run = runOf(
      await callApify(`/v2/acts/${encodeURIComponent(actor)}/runs?waitForFinish=${waitSeconds}`, {
        method: 'POST',
        json: input,
        timeoutMs: callTimeoutMs,
        signal,
      }),
    );
    while (!TERMINAL.has(run.status)) {
      if (clock.now() >= deadline) throw new ProviderError('unavailable', `${SERVICE} run took too long`);
      run = runOf(
        await callApify(`/v2/actor-runs/${encodeURIComponent(run.id)}?waitForFinish=${waitSeconds}`, {
          method: 'GET',
          timeoutMs: callTimeoutMs,
          signal,
        }),
      );
    }
    if (run.status !== 'SUCCEEDED') {
      throw new ProviderError('unavailable', `${SERVICE} run ended ${run.status.toLowerCase()}`);
    }
    return run.defaultDatasetId;
  }

  const inputOf = (kind: TAccountListKind, target: string, limit: number) =>
    kind === 'hashtag'
      ? { hashtags: [target], resultsType: 'posts', resultsLimit: limit }
      : { usernames: [target], maxFollowersPerUser: limit };

  return {
    async listAccounts(
      kind: TAccountListKind,
      target: string,
      {
        cursor,
        signal,
        limit = MAX_LISTED_ACCOUNTS,
      }: { cursor?: string | null; signal?: AbortSignal; limit?: number } = {},
    ): Promise<TAccountPage> {
      if (kind === 'following') return cannotListAccounts(kind);
      let datasetId: string;
      let offset = 0;
      if (cursor) {
        const match = CURSOR.exec(cursor);
        if (!match) throw new ProviderError('bad_response', 'The list position could not be read');
        datasetId = match[1] as string;
        offset = Number(match[2]);
      } else {
        const actor = kind === 'hashtag' ? options.hashtagActor : options.followersActor;
        datasetId = await runToEnd(actor, inputOf(kind, target, limit), signal);
      }
      const items = options.itemsOf(
        await callApify(
          `/v2/datasets/${encodeURIComponent(datasetId)}/items?clean=true&offset=${offset}&limit=${APIFY_LIST_PAGE_SIZE}`,
          { method: 'GET', timeoutMs: callTimeoutMs, signal },
        ),
      );
      const accounts =
        kind === 'hashtag'
          ? distinctAccounts(
              [...items].sort((a, b) => postTimeOf(b) - postTimeOf(a)).map(posterFromApifyPost),
            )
          : distinctAccounts(items.map(searchUserFromApifyItem));
      const nextOffset = offset + items.length;
      return {
        accounts,
        nextCursor:
          items.length === APIFY_LIST_PAGE_SIZE && nextOffset < TOP_PLAN_MAX_LISTED_ACCOUNTS * 2
            ? `${datasetId}:${nextOffset}`
            : null,
        availability: 'listed',
      };
    },
  };
}
