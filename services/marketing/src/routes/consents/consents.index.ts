import { AppError, CONSENT_BODY_LIMIT_BYTES, MARKETING_ENDPOINTS } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import {
  clientIp,
  createEndpointApp,
  createRateLimiter,
  routeOf,
  type TClientIpVariables,
} from '@prospector/service-kit';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { TMarketingConfig } from '../../config.ts';
import { createConsentsHandlers } from './consents.handlers.ts';

/** Read no more than a consent needs; a larger body is refused before it is parsed. */
const consentBodyLimit = bodyLimit({
  maxSize: CONSENT_BODY_LIMIT_BYTES,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', `A consent must be at most ${CONSENT_BODY_LIMIT_BYTES} bytes.`);
  },
});

/** Public (a visitor chooses before signing in): limited in size and in rate per client address. */
export function createConsentsRoutes(database: TDatabase, config: TMarketingConfig) {
  const handlers = createConsentsHandlers(database);
  // Per process (docs in packages/service-kit/src/rate-limiter.ts): a consent costs one small row.
  const limiter = createRateLimiter({
    ...config.consentRateLimit,
    now: () => (config.now?.() ?? new Date()).getTime(),
  });
  const limited: MiddlewareHandler<{ Variables: TClientIpVariables }> = async (c, next) => {
    if (!limiter.take(c.get('clientIp'))) {
      throw new AppError('RATE_LIMITED', 'Too many requests. Please try again later.');
    }
    await next();
  };
  return createEndpointApp<{ Variables: TClientIpVariables }>().openapi(
    routeOf(MARKETING_ENDPOINTS.consents, [
      clientIp({ edgeSecret: config.edgeSecret }),
      limited,
      consentBodyLimit,
    ]),
    (c) => handlers.recordConsent(c, c.req.valid('json')),
  );
}
