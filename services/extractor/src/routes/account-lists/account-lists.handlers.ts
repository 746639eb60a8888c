import type { TEventBus } from '@prospector/bus';
import {
  ACCOUNT_LIST_UNSUPPORTED,
  AppError,
  DISCOVERY_MESSAGES as M,
  optedOutMessage,
  type TAccountListBody,
  type TAccountListPage,
} from '@prospector/contracts';
import type { TLogger } from '@prospector/service-kit';
import type { Context } from 'hono';
import type { TToolVariables } from '../../access/require-tool-access.ts';
import type { TDiscoveryContext } from '../../discovery/discovery-context.ts';
import { findExtracted } from '../../discovery/find-extracted.ts';
import type { TOptOutCheck } from '../../opt-outs/opt-out-check.ts';
import { ProviderError } from '../../providers/provider-port.ts';

type TContext = Context<{ Variables: TToolVariables }>;

/**
 * One page of followers, following or hashtag posters. Free, and counted against the same per-user
 * search budget as keyword search (each page is one provider call). Accounts the user already
 * extracted stay in the list, marked, so the page can show and filter them. Accounts whose owners opted
 * out are left out, and an opted-out account's own followers or following are not looked up at all.
 * A list ends at the user's plan limit (1,000 accounts; 5,000 on the top plan): the cursor the
 * browser holds carries the count so far, signed (`list-cursor.ts`), so no page goes past it.
 */
export function createAccountListHandlers(
  context: TDiscoveryContext,
  { bus, logger, optOuts }: { bus: TEventBus; logger: TLogger; optOuts: TOptOutCheck },
) {
  const { provider, searchLimit, avatarKeys, listCursors } = context;

  return {
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
      if (!searchLimit.tryTake(userId)) throw new AppError('RATE_LIMITED', M.tooManySearches);
      const page = await provider
        .listAccounts(body.kind, body.target, {
          cursor: position.providerCursor,
          limit,
          signal: c.req.raw.signal,
          userId,
        })
        .catch((error: unknown) => {
          if (error instanceof ProviderError && error.kind === 'unsupported')
            throw new AppError('UNSUPPORTED', ACCOUNT_LIST_UNSUPPORTED[body.kind]);
          logger.warn('provider list call failed', {
            provider: provider.name,
            kind: body.kind,
            error: error instanceof Error ? error.message : error,
          });
          throw new AppError('PROVIDER_FAILED', M.listFailed);
        });
      if (page.availability === 'not_found') throw new AppError('NOT_FOUND', M.accountNotFound(body.target));
      const extracted = await findExtracted(
        { bus, logger },
        userId,
        page.accounts.map((account) => account.username),
        M.listFailed,
      );
      const optedOut = await optOuts.optedOut(page.accounts.map((account) => account.username));
      const accounts = page.accounts
        .filter((account) => !optedOut.has(account.username))
        .slice(0, limit - position.served)
        .map((account) => ({
          ...account,
          profile_pic_url: avatarKeys.proxiedUrl(account.profile_pic_url),
          extracted: extracted.has(account.username),
        }));
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
