import {
  AppError,
  itemChargeOf,
  DISCOVERY_MESSAGES as M,
  MAX_V1_KEYWORD_LIMIT,
  type TRun,
  type TRunDetail,
  type TRunItem,
  type TV1StartRunRequest,
} from '@prospector/contracts';
import { decodeCursor, encodeCursor, uuidOrNotFound } from '@prospector/service-kit';
import { z } from 'zod';
import type { TDiscoveryContext } from '../../discovery/discovery-context.ts';
import { ProviderError, type TSearchPage } from '../../providers/provider-port.ts';
import { startIdempotently } from '../../public-api/idempotent-start.ts';
import type { TRunActor } from '../../runs/run-actor.ts';
import type { TRunDeps } from '../../runs/run-deps.ts';
import type { TRunEngine } from '../../runs/run-engine.ts';
import { RUN_NOT_FOUND_MESSAGE } from '../../runs/run-reads.ts';

const ZResultsCursorSchema = z.object({ after: z.number().int().min(0) });

const runOf = ({ items: _items, ...run }: TRunDetail): TRun => run;

/**
 * A result as an API client gets it: the profile without `profile_pic_url`, which is a path of the app's
 * own picture route (it answers only a signed-in browser), not a picture an API key can fetch.
 */
const publicItemOf = (item: TRunItem): TRunItem => {
  if (!item.profile) return item;
  const { profile_pic_url: _internal, ...profile } = item.profile;
  return { ...item, profile };
};

/**
 * The v1 runs, always those of the key's workspace: the workspace and the member come from the verified
 * key, never the request; another workspace's run reads as unknown (404).
 */
export function createV1RunsHandlers(deps: {
  engine: TRunEngine;
  runDeps: TRunDeps;
  discovery: TDiscoveryContext;
}) {
  const { engine, discovery } = deps;

  const detail = (ownerKey: string, runId: string) =>
    engine.detail(ownerKey, uuidOrNotFound(runId, RUN_NOT_FOUND_MESSAGE));

  /** The first `limit` usernames a keyword search finds, page after page. */
  async function keywordUsernames(userId: string, keyword: string, limit: number, signal: AbortSignal) {
    const { provider } = discovery;
    if (!provider.capabilities.search) throw new AppError('UNSUPPORTED', M.searchUnsupported);
    if (!discovery.searchLimit.take(userId)) throw new AppError('RATE_LIMITED', M.tooManySearches);
    const found: string[] = [];
    let cursor: string | null = null;
    do {
      const page: TSearchPage = await provider
        .searchUsers(keyword, { cursor, signal, userId })
        .catch((error: unknown) => {
          if (error instanceof ProviderError && error.kind === 'unsupported')
            throw new AppError('UNSUPPORTED', M.searchUnsupported);
          throw new AppError('PROVIDER_FAILED', M.searchFailed);
        });
      for (const user of page.users) if (!found.includes(user.username)) found.push(user.username);
      cursor = page.nextCursor;
    } while (cursor && found.length < limit && found.length < MAX_V1_KEYWORD_LIMIT);
    return found.slice(0, limit);
  }

  async function start(actor: TRunActor, body: TV1StartRunRequest, signal: AbortSignal) {
    if ('usernames' in body) {
      const source = body.usernames.length === 1 ? 'single' : 'batch';
      return engine.start(actor, { usernames: body.usernames, source, websites: body.websites });
    }
    // The search budget is the member's, as in the app.
    const usernames = await keywordUsernames(actor.userId, body.keyword, body.limit, signal);
    return engine.start(actor, { usernames, source: 'keyword', websites: body.websites });
  }

  return {
    async startRun(input: {
      actor: TRunActor;
      body: TV1StartRunRequest;
      idempotencyKey?: string;
      signal: AbortSignal;
    }) {
      const { actor, body, idempotencyKey } = input;
      if (!idempotencyKey) return { run: await start(actor, body, input.signal), replayed: false };
      const { runId, replayed } = await startIdempotently(deps.runDeps.db, {
        actor,
        key: idempotencyKey,
        body,
        start: () => start(actor, body, input.signal),
      });
      return { run: runOf(await engine.detail(actor.ownerKey, runId)), replayed };
    },

    async getRun(ownerKey: string, runId: string) {
      return runOf(await detail(ownerKey, runId));
    },

    async getRunResults(ownerKey: string, runId: string, page: { cursor?: string; limit: number }) {
      const { items } = await detail(ownerKey, runId);
      const after = decodeCursor(page.cursor, ZResultsCursorSchema)?.after ?? 0;
      const slice = items.slice(after, after + page.limit);
      const next = after + slice.length;
      return {
        items: slice.map((item) => ({ ...publicItemOf(item), ...itemChargeOf(item) })),
        nextCursor: next < items.length ? encodeCursor({ after: next }) : null,
      };
    },
  };
}
