import type { TUserVariables } from '@prospector/auth-client';
import type { TEventBus } from '@prospector/bus';
import {
  ACCOUNT_RPC,
  API_KEY_MESSAGES,
  type TApiKeyCheckResponse,
  type TRateLimitState,
  UNEXPECTED_ERROR_MESSAGE,
  ZApiKeyCheckRequestSchema,
} from '@prospector/contracts';
import type { Context, MiddlewareHandler } from 'hono';
import type { TLogger } from '../logger.ts';
import { problemResponse } from './problem.ts';

const POLICY = 'hour';

/** The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers): the policy and what is left of it. */
export function rateLimitHeaders(state: TRateLimitState): Record<string, string> {
  return {
    'RateLimit-Policy': `"${POLICY}";q=${state.limit};w=${state.windowSeconds}`,
    RateLimit: `"${POLICY}";r=${state.remaining};t=${state.resetSeconds}`,
  };
}

const bearerOf = (c: Context) => {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
};

/**
 * A `/api/v1` route's caller: the member who created the `Authorization: Bearer <key>` key, acting for
 * the key's workspace with their current role, as `c.get('user')` like a session's (so the service's own tenant checks and paywall apply unchanged). The account service
 * checks the key on every request, nothing cached: a revoked key fails at once. It also counts the
 * request against the owner's hourly limit (per account, whichever key), whose state goes out as RateLimit headers; past it, 429 with
 * Retry-After. Cookies are not read here, so a browser's session cannot be driven cross-site.
 */
export function requireApiKey(
  bus: TEventBus,
  logger: TLogger,
): MiddlewareHandler<{ Variables: TUserVariables }> {
  return async (c, next) => {
    const secret = bearerOf(c);
    // No key, or one no key can look like (the request schema refuses it): invalid, nothing to ask.
    if (!secret || !ZApiKeyCheckRequestSchema.safeParse({ secret }).success) {
      return problemResponse(c, 401, 'UNAUTHENTICATED', API_KEY_MESSAGES.invalid, wwwAuthenticate);
    }
    let answer: TApiKeyCheckResponse;
    try {
      answer = await bus.request(ACCOUNT_RPC.apiKey, { secret });
    } catch (error) {
      logger.warn('could not ask the account service about an API key', {
        error: error instanceof Error ? error.message : String(error),
      });
      return problemResponse(c, 503, 'UNAVAILABLE', UNEXPECTED_ERROR_MESSAGE);
    }
    if (answer.status === 'invalid') {
      return problemResponse(c, 401, 'UNAUTHENTICATED', API_KEY_MESSAGES.invalid, wwwAuthenticate);
    }
    const headers = rateLimitHeaders(answer.rateLimit);
    if (answer.status === 'limited') {
      return problemResponse(c, 429, 'RATE_LIMITED', API_KEY_MESSAGES.rateLimited, {
        ...headers,
        'Retry-After': String(Math.max(1, answer.rateLimit.resetSeconds)),
      });
    }
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    // A key acts for its workspace with its creator's current role (docs/architecture.md §17); an answer
    // without them (an older account service) means the creator's personal workspace, with the least role.
    c.set('user', {
      userId: answer.userId,
      email: answer.email,
      workspaceId: answer.workspaceId ?? answer.userId,
      role: answer.role ?? 'member',
    });
    await next();
  };
}

const wwwAuthenticate = { 'WWW-Authenticate': 'Bearer realm="api"' };
