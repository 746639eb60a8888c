import { AppError, OPT_OUT_PATHS } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { clientIp, createOptOutKeys, type TClientIpVariables } from '@prospector/service-kit';
import { Hono, type MiddlewareHandler } from 'hono';
import type { TMarketingConfig } from '../../config.ts';
import { createRateLimiter } from '../../http/rate-limiter.ts';
import { createChallenges } from '../../opt-out/challenge.ts';
import { createOptOutHandlers } from './opt-out.handlers.ts';
import { accessBody, optOutBody, optOutBodyLimit } from './opt-out.routes.ts';

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
  return new Hono<{ Variables: TClientIpVariables }>()
    .get(OPT_OUT_PATHS.challenge, (c) => handlers.challenge(c))
    .post(OPT_OUT_PATHS.optOut, addressed, limited, optOutBodyLimit, optOutBody, (c) =>
      handlers.optOut(c, c.req.valid('json')),
    )
    .post(OPT_OUT_PATHS.access, addressed, limited, optOutBodyLimit, accessBody, (c) =>
      handlers.access(c, c.req.valid('json')),
    );
}
