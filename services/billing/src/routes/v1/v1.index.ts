import { ownerKeyOf } from '@prospector/auth-client';
import type { TEventBus } from '@prospector/bus';
import { V1_ENDPOINTS } from '@prospector/contracts';
import { createPublicApi, publicApiMiddleware, routeOf, type TLogger } from '@prospector/service-kit';
import type { TCreditLedger } from '../../ledger/credit-ledger.ts';

/** `/api/v1/credits`: the balance of the key's workspace (docs/architecture.md §12). */
export function createV1Routes(deps: {
  bus: TEventBus;
  logger: TLogger;
  ledger: Pick<TCreditLedger, 'balance'>;
}) {
  const key = publicApiMiddleware(deps.bus, deps.logger);
  return createPublicApi(deps.logger).openapi(routeOf(V1_ENDPOINTS.getCredits, key), async (c) =>
    c.json(await deps.ledger.balance(ownerKeyOf(c.get('user'))), 200),
  );
}
