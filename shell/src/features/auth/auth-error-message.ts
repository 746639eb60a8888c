import { AUTH_ERROR_MESSAGES, type TAuthErrorCode } from '@prospector/contracts';
import { ApiError } from '@prospector/web-data';

/**
 * docs/product.md §8 "Sign-in and sign-up": known codes get the spec's text; a message mentioning "already
 * registered" gets the sign-in hint; anything else is shown as received.
 */
export function authErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return AUTH_ERROR_MESSAGES.INTERNAL;
  if (/already registered|already exists/i.test(error.message))
    return 'This email is already registered. Please sign in instead.';
  if (error.code in AUTH_ERROR_MESSAGES) return AUTH_ERROR_MESSAGES[error.code as TAuthErrorCode];
  return error.message;
}
