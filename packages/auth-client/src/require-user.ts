import { type TVerifiedUser, UNEXPECTED_ERROR_MESSAGE } from '@prospector/contracts';
import type { MiddlewareHandler } from 'hono';
import { SessionVerifierUnavailableError, type TSessionVerifier } from './session-verifier.ts';

/** Hono variables set by `requireUser`: `c.get('user')`. */
export interface TUserVariables {
  user: TVerifiedUser;
}

export const UNAUTHENTICATED_MESSAGE = 'Failed to authenticate. Please try signing in again.';

/**
 * Lets a request through only with a valid session; puts `{ userId, email }` on `c.get('user')`.
 * Answers 401 `{ error: { code: 'UNAUTHENTICATED' } }` otherwise, and 503 when the account
 * service cannot be asked (a broken dependency is not a signed-out user).
 */
export function requireUser(verifier: TSessionVerifier): MiddlewareHandler<{ Variables: TUserVariables }> {
  return async (c, next) => {
    let user: TVerifiedUser | null;
    try {
      user = await verifier.verify(c.req.raw.headers);
    } catch (error) {
      if (!(error instanceof SessionVerifierUnavailableError)) throw error;
      return c.json({ error: { code: 'UNAVAILABLE', message: UNEXPECTED_ERROR_MESSAGE } }, 503);
    }
    if (!user) return c.json({ error: { code: 'UNAUTHENTICATED', message: UNAUTHENTICATED_MESSAGE } }, 401);
    c.set('user', user);
    await next();
  };
}
