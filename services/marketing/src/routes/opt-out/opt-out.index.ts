import type { TEventBus } from '@prospector/bus';
import { AppError, MARKETING_ENDPOINTS, OPT_OUT_BODY_LIMIT_BYTES } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import {
  clientIp,
  createEndpointApp,
  createOptOutKeys,
  routeOf,
  type TClientIpVariables,
} from '@prospector/service-kit';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { TMarketingConfig } from '../../config.ts';
import { createSharedRateLimiter } from '../../http/shared-rate-limiter.ts';
import { createChallenges } from '../../opt-out/challenge.ts';
import { createOptOutHandlers } from './opt-out.handlers.ts';

/** An opt-out is a username, an e-mail and a proof: a larger body is refused before it is parsed. */
const optOutBodyLimit = bodyLimit({
  maxSize: OPT_OUT_BODY_LIMIT_BYTES,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', `A request must be at most ${OPT_OUT_BODY_LIMIT_BYTES} bytes.`);
  },
});

export const OPT_OUT_RATE_LIMITED_MESSAGE =
  'Too many requests from this address. Please try again in an hour.';

/**
 * Public: no sign-in. Each opt-out and access request costs a proof of work; every request counts against
 * its address's limit (an IPv6 client's /64), kept in PostgreSQL so every process shares it.
 */
export function createOptOutRoutes(
  database: TDatabase,
  bus: Pick<TEventBus, 'request'>,
  config: TMarketingConfig,
  optOutKey?: string,
) {
  const now = () => config.now?.() ?? new Date();
  const keys = createOptOutKeys(optOutKey);
  const challenges = createChallenges(database, {
    key: keys.derive('opt-out-challenge'),
    difficulty: config.optOut.difficulty,
    ttlMs: config.optOut.challengeTtlMs,
  });
  const handlers = createOptOutHandlers(database, bus, keys, challenges, now);
  // One budget per address for opt-outs and access requests together, another for confirming.
  const limited = (scope: string, rateLimit: TMarketingConfig['optOut']['rateLimit']) => {
    const limiter = createSharedRateLimiter(database, scope, { ...rateLimit, now: () => now().getTime() });
    const middleware: MiddlewareHandler<{ Variables: TClientIpVariables }> = async (c, next) => {
      if (!(await limiter.take(c.get('clientIp')))) {
        throw new AppError('RATE_LIMITED', OPT_OUT_RATE_LIMITED_MESSAGE);
      }
      await next();
    };
    return middleware;
  };
  const requests = limited('opt-out-requests', config.optOut.rateLimit);
  const confirmations = limited('opt-out-confirmations', config.optOut.confirmRateLimit);
  const addressed = clientIp({ edgeSecret: config.edgeSecret });
  return createEndpointApp<{ Variables: TClientIpVariables }>()
    .openapi(routeOf(MARKETING_ENDPOINTS.optOutChallenge), (c) => handlers.challenge(c))
    .openapi(routeOf(MARKETING_ENDPOINTS.optOut, [addressed, requests, optOutBodyLimit]), (c) =>
      handlers.optOut(c, c.req.valid('json')),
    )
    .openapi(routeOf(MARKETING_ENDPOINTS.optOutConfirm, [addressed, confirmations, optOutBodyLimit]), (c) =>
      handlers.confirm(c, c.req.valid('json')),
    )
    .openapi(routeOf(MARKETING_ENDPOINTS.optOutBioCheck, [addressed, confirmations, optOutBodyLimit]), (c) =>
      handlers.bioCheck(c, c.req.valid('json')),
    )
    .openapi(routeOf(MARKETING_ENDPOINTS.access, [addressed, requests, optOutBodyLimit]), (c) =>
      handlers.access(c, c.req.valid('json')),
    );
}
