import type { TUserVariables } from '@prospector/auth-client';
import type { TCreditHistoryQuery } from '@prospector/contracts';
import type { Context } from 'hono';
import type { TCreditLedger } from '../../ledger/credit-ledger.ts';

type TContext = Context<{ Variables: TUserVariables }>;

/** Only ever the verified user's own credits: the user id comes from the session, never the request. */
export function createCreditsHandlers(ledger: Pick<TCreditLedger, 'balance' | 'history'>) {
  return {
    async getCredits(c: TContext) {
      return c.json(await ledger.balance(c.get('user').userId));
    },
    async getHistory(c: TContext, query: TCreditHistoryQuery) {
      return c.json(await ledger.history(c.get('user').userId, query));
    },
  };
}
