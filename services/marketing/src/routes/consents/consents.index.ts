import { AppError, MARKETING_PATHS } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { clientIp, type TClientIpVariables } from '@prospector/service-kit';
import { Hono } from 'hono';
import type { TMarketingConfig } from '../../config.ts';
import { createRateLimiter } from '../../http/rate-limiter.ts';
import { createConsentsHandlers } from './consents.handlers.ts';
import { consentBody, consentBodyLimit } from './consents.routes.ts';

/** Public (a visitor chooses before signing in): limited in size and in rate per client address. */
export function createConsentsRoutes(database: TDatabase, config: TMarketingConfig) {
  const handlers = createConsentsHandlers(database);
  const limiter = createRateLimiter(config.consentRateLimit);
  return new Hono<{ Variables: TClientIpVariables }>().post(
    MARKETING_PATHS.consents,
    clientIp({ edgeSecret: config.edgeSecret }),
    async (c, next) => {
      if (!limiter.take(c.get('clientIp'), (config.now?.() ?? new Date()).getTime())) {
        throw new AppError('RATE_LIMITED', 'Too many requests. Please try again later.');
      }
      await next();
    },
    consentBodyLimit,
    consentBody,
    (c) => handlers.recordConsent(c, c.req.valid('json')),
  );
}
