import type { TEventBus } from '@prospector/bus';
import { createPublicApi, publicApiMiddleware, type TLogger } from '@prospector/service-kit';
import type { TCreditLedger } from '../../ledger/credit-ledger.ts';
import { billingV1Routes } from './v1.routes.ts';

/** `/api/v1/credits`: the key owner's balance (docs/architecture.md §12). */
export function createV1Routes(deps: {
  bus: TEventBus;
  logger: TLogger;
  ledger: Pick<TCreditLedger, 'balance'>;
}) {
  const routes = billingV1Routes(publicApiMiddleware(deps.bus, deps.logger));
  return createPublicApi(deps.logger).openapi(routes.getCredits, async (c) =>
    c.json(await deps.ledger.balance(c.get('user').userId), 200),
  );
}
