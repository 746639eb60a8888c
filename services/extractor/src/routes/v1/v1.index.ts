import { ownerKeyOf } from '@prospector/auth-client';
import type { TEventBus } from '@prospector/bus';
import { endpointPath, V1_ENDPOINTS } from '@prospector/contracts';
import { createPublicApi, publicApiMiddleware, routeOf, type TLogger } from '@prospector/service-kit';
import type { MiddlewareHandler } from 'hono';
import type { TDiscoveryContext } from '../../discovery/discovery-context.ts';
import { actorOfUser } from '../../runs/run-actor.ts';
import type { TRunDeps } from '../../runs/run-deps.ts';
import type { TRunEngine } from '../../runs/run-engine.ts';
import { createV1RunsHandlers } from './v1.handlers.ts';

/** `/api/v1/runs…`: runs started, read and paged by API key (docs/architecture.md §12). */
export function createV1Routes(deps: {
  bus: TEventBus;
  logger: TLogger;
  engine: TRunEngine;
  runDeps: TRunDeps;
  discovery: TDiscoveryContext;
  paywall: MiddlewareHandler;
}) {
  const key = publicApiMiddleware(deps.bus, deps.logger);
  const handlers = createV1RunsHandlers(deps);
  return createPublicApi(deps.logger)
    .openapi(routeOf(V1_ENDPOINTS.startRun, [...key, deps.paywall]), async (c) => {
      const { run, replayed } = await handlers.startRun({
        actor: actorOfUser(c.get('user')),
        body: c.req.valid('json'),
        idempotencyKey: c.req.valid('header')['idempotency-key'],
        signal: c.req.raw.signal,
      });
      c.header('Location', endpointPath(V1_ENDPOINTS.getRun, { id: run.id }));
      if (replayed) c.header('Idempotent-Replayed', 'true');
      return c.json(run, 202);
    })
    .openapi(routeOf(V1_ENDPOINTS.getRun, key), async (c) =>
      c.json(await handlers.getRun(ownerKeyOf(c.get('user')), c.req.valid('param').id), 200),
    )
    .openapi(routeOf(V1_ENDPOINTS.getRunResults, key), async (c) =>
      c.json(
        await handlers.getRunResults(
          ownerKeyOf(c.get('user')),
          c.req.valid('param').id,
          c.req.valid('query'),
        ),
        200,
      ),
    );
}
