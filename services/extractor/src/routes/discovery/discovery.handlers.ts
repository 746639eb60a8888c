import { ownerKeyOf, type TUserVariables } from '@prospector/auth-client';
import type { TEventBus } from '@prospector/bus';
import {
  ACCOUNT_LIST_UNSUPPORTED,
  AppError,
  DATABASE_RPC,
  DISCOVERY_MESSAGES as M,
  optedOutMessage,
  type TAccountListBody,
  type TAccountListPage,
  type TKeywordSearchResponse,
  type TSimilarAccountsResponse,
} from '@prospector/contracts';
import type { TLogger } from '@prospector/service-kit';
import type { Context } from 'hono';
import type { TToolVariables } from '../../access/require-tool-access.ts';
import type { TDiscoveryContext } from '../../discovery/discovery-context.ts';
import { searchPastHidden } from '../../discovery/search-past-hidden.ts';
import type { TOptOutCheck } from '../../opt-outs/opt-out-check.ts';
import { providerInfoOf } from '../../providers/index.ts';
import { ProviderError } from '../../providers/provider-port.ts';

type TContext = Context<{ Variables: TToolVariables }>;

/**
 * Searches and list pages cost no credits; they are limited per member instead (one budget for all,
 * the person's whichever workspace they act for). What is hidden as already extracted is the workspace's.
 */
export function createDiscoveryHandlers(
  context: TDiscoveryContext,
  { bus, logger, optOuts }: { bus: TEventBus; logger: TLogger; optOuts: TOptOutCheck },
) {
  const { provider, searchLimit, avatarKeys, listCursors } = context;
  const { takeSearch, providerFailure, findExtracted, markListed } = discoveryChecks(context, {
    bus,
    logger,
  });

  return {
    getProvider(c: TContext) {
      return c.json(providerInfoOf(provider), 200);
    },

    /**
     * One page of results: the first, or the one after `cursor` ("Load more"); each provider page is a
     * search of the per-user budget. Pages on which every account is hidden are passed over (and
     * counted), so extracting a whole page never leaves the later ones out of reach
     * (`search-past-hidden.ts`).
     */
    async search(c: TContext, body: { keyword: string; cursor?: string | null }) {
      const { userId } = c.get('user');
      if (!provider.capabilities.search) throw new AppError('UNSUPPORTED', M.searchUnsupported);
      takeSearch(userId);
      const signal = c.req.raw.signal;
      const found = await searchPastHidden(body.cursor ?? null, {
        fetchPage: (cursor) =>
          provider.searchUsers(body.keyword, { cursor, signal, userId }).catch((error: unknown) => {
            throw providerFailure(error, M.searchFailed, M.searchUnsupported);
          }),
        sortPage: async (users) => {
          const usernames = users.map((user) => user.username);
          const extracted = await findExtracted(c.get('user'), usernames, M.searchFailed);
          // Accounts whose owners opted out are left out like those already extracted, and counted with them.
          const optedOut = await optOuts.optedOut(usernames);
          const visible = users.filter(
            (user) => !extracted.has(user.username) && !optedOut.has(user.username),
          );
          return {
            visible,
            hidden: users.length - visible.length,
            optedOut: users.filter((user) => optedOut.has(user.username)).length,
          };
        },
        mayFetchAnother: () => !signal.aborted && searchLimit.take(userId),
        // The provider's failure is logged by `providerFailure`; the user gets the pages read so far.
        onSkipFailed: () => logger.info('a keyword search stopped before a page it could not fetch'),
      });
      const response: TKeywordSearchResponse = {
        ...found,
        users: found.users.map((user) => ({
          ...user,
          profile_pic_url: avatarKeys.proxiedUrl(user.profile_pic_url),
        })),
      };
      return c.json(response, 200);
    },

    async similar(c: TContext, body: { username: string }) {
      const { userId } = c.get('user');
      if (!provider.capabilities.similar) throw new AppError('UNSUPPORTED', M.similarUnsupported);
      // An account whose owner opted out is not looked up at all, not even for its neighbours.
      if ((await optOuts.optedOut([body.username])).size > 0) {
        throw new AppError('CONFLICT', optedOutMessage(body.username));
      }
      takeSearch(userId);
      const found = await provider
        .similarAccounts(body.username, { signal: c.req.raw.signal, userId })
        .catch((error: unknown) => {
          throw providerFailure(error, M.similarFailed, M.similarUnsupported);
        });
      const usernames = found.map((account) => account.username);
      const optedOut = await optOuts.optedOut(usernames);
      // Already extracted accounts stay, marked, as in the account lists: the page shows and filters them.
      const extracted = await findExtracted(c.get('user'), usernames, M.similarFailed);
      const accounts = markListed(
        found.filter((account) => !optedOut.has(account.username)),
        extracted,
      );
      // Accounts whose owners opted out are left out, and counted as hidden, as keyword search does.
      const response: TSimilarAccountsResponse = {
        accounts,
        total: accounts.length,
        hidden: found.length - accounts.length,
      };
      return c.json(response, 200);
    },

    /**
     * One page of followers, following or hashtag posters. Free, and counted against the same per-user
     * search budget as keyword search (each page is one provider call). Accounts the user already
     * extracted stay in the list, marked, so the page can show and filter them. Accounts whose owners opted
     * out are left out, and an opted-out account's own followers or following are not looked up at all.
     * A list ends at the user's plan limit (1,000 accounts; 5,000 on the top plan): the cursor the
     * browser holds carries the count so far, signed (`list-cursor.ts`), so no page goes past it.
     */
    async listPage(c: TContext, body: TAccountListBody) {
      const { userId } = c.get('user');
      if (!provider.capabilities[body.kind])
        throw new AppError('UNSUPPORTED', ACCOUNT_LIST_UNSUPPORTED[body.kind]);
      if (body.kind !== 'hashtag' && (await optOuts.optedOut([body.target])).size > 0) {
        throw new AppError('CONFLICT', optedOutMessage(body.target));
      }
      const limit = c.get('planLimits').maxListedAccounts;
      const scope = { userId, kind: body.kind, target: body.target };
      const position = body.cursor
        ? listCursors.read(scope, body.cursor)
        : { served: 0, providerCursor: null };
      if (!position) throw new AppError('VALIDATION_FAILED', M.listPositionInvalid);
      if (position.served >= limit) return c.json({ accounts: [], nextCursor: null, private: false }, 200);
      takeSearch(userId);
      const page = await provider
        .listAccounts(body.kind, body.target, {
          cursor: position.providerCursor,
          limit,
          signal: c.req.raw.signal,
          userId,
        })
        .catch((error: unknown) => {
          throw providerFailure(error, M.listFailed, ACCOUNT_LIST_UNSUPPORTED[body.kind], body.kind);
        });
      if (page.availability === 'not_found') throw new AppError('NOT_FOUND', M.accountNotFound(body.target));
      const extracted = await findExtracted(
        c.get('user'),
        page.accounts.map((account) => account.username),
        M.listFailed,
      );
      const optedOut = await optOuts.optedOut(page.accounts.map((account) => account.username));
      const accounts = markListed(
        page.accounts.filter((account) => !optedOut.has(account.username)).slice(0, limit - position.served),
        extracted,
      );
      const served = position.served + accounts.length;
      const response: TAccountListPage = {
        accounts,
        nextCursor:
          page.nextCursor !== null && served < limit
            ? listCursors.mint(scope, { served, providerCursor: page.nextCursor })
            : null,
        private: page.availability === 'private',
      };
      return c.json(response, 200);
    },
  };
}

/** What every discovery route checks and does alike: the search budget, provider failures, extracted marks. */
function discoveryChecks(context: TDiscoveryContext, { bus, logger }: { bus: TEventBus; logger: TLogger }) {
  const { provider, searchLimit, avatarKeys } = context;

  const takeSearch = (userId: string) => {
    if (!searchLimit.take(userId)) throw new AppError('RATE_LIMITED', M.tooManySearches);
  };

  /** A provider failure as the user sees it; what went wrong upstream goes to the log. */
  const providerFailure = (error: unknown, message: string, unsupported: string, kind?: string) => {
    if (error instanceof ProviderError && error.kind === 'unsupported')
      return new AppError('UNSUPPORTED', unsupported);
    logger.warn('provider call failed', {
      provider: provider.name,
      kind,
      error: error instanceof Error ? error.message : error,
    });
    return new AppError('PROVIDER_FAILED', message);
  };

  /**
   * Which of these usernames the session's workspace already has saved (its "already extracted" scope),
   * asked of the database service. When it cannot answer, the route fails UNAVAILABLE with
   * `failedMessage` (the cause goes to the log).
   */
  const findExtracted = async (user: TUserVariables['user'], usernames: string[], failedMessage: string) => {
    if (usernames.length === 0) return new Set<string>();
    const request = { userId: user.userId, ownerKey: ownerKeyOf(user), usernames };
    try {
      return new Set((await bus.request(DATABASE_RPC.extracted, request)).extracted);
    } catch (error) {
      logger.warn('could not ask which accounts are extracted', { error });
      throw new AppError('UNAVAILABLE', failedMessage);
    }
  };

  /** Listed accounts as the browser gets them: avatars through the proxy, each marked if already extracted. */
  const markListed = <T extends { username: string; profile_pic_url: string | null }>(
    accounts: T[],
    extracted: Set<string>,
  ) =>
    accounts.map((account) => ({
      ...account,
      profile_pic_url: avatarKeys.proxiedUrl(account.profile_pic_url),
      extracted: extracted.has(account.username),
    }));

  return { takeSearch, providerFailure, findExtracted, markListed };
}
