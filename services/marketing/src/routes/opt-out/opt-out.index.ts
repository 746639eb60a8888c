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
import { createRateLimiter } from '../../http/rate-limiter.ts';
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

/** Public: no sign-in. Each request costs a proof of work and counts against its address's limit. */
export function createOptOutRoutes(database: TDatabase, config: TMarketingConfig, optOutKey?: string) {
  const now = () => config.now?.() ?? new Date();
  const keys = createOptOutKeys(optOutKey);
  const challenges = createChallenges({
    key: keys.derive('opt-out-challenge'),
    difficulty: config.optOut.difficulty,
    ttlMs: config.optOut.challengeTtlMs,
  });
  const handlers = createOptOutHandlers(database, keys, challenges, now);
  // One budget per address for opt-outs and access requests together.
  const limiter = createRateLimiter(config.optOut.rateLimit);
  const limited: MiddlewareHandler<{ Variables: TClientIpVariables }> = async (c, next) => {
    if (!limiter.take(c.get('clientIp'), now().getTime())) {
      throw new AppError('RATE_LIMITED', OPT_OUT_RATE_LIMITED_MESSAGE);
    }
    await next();
  };
  const addressed = clientIp({ edgeSecret: config.edgeSecret });
  return createEndpointApp<{ Variables: TClientIpVariables }>()
    .openapi(routeOf(MARKETING_ENDPOINTS.optOutChallenge), (c) => handlers.challenge(c))
    .openapi(routeOf(MARKETING_ENDPOINTS.optOut, [addressed, limited, optOutBodyLimit]), (c) =>
      handlers.optOut(c, c.req.valid('json')),
    )
    .openapi(routeOf(MARKETING_ENDPOINTS.access, [addressed, limited, optOutBodyLimit]), (c) =>
      handlers.access(c, c.req.valid('json')),
    );
}
