import {
  ZChangePasswordRequestSchema,
  ZPasswordResetRequestSchema,
  ZSendVerificationEmailRequestSchema,
  ZSignInRequestSchema,
  ZSignUpRequestSchema,
} from '@prospector/contracts';

/**
 * The better-auth endpoints the product uses (docs/product.md §7), under `/api/auth`. Anything else better-auth
 * offers (update-user, delete-user, change-email, …) answers 404: profile edits and erasure go through
 * `/api/account`, where input is cleaned and events are published.
 */
export const AUTH_ROUTES = [
  { method: 'POST', path: '/sign-up/email' },
  { method: 'POST', path: '/sign-in/email' },
  { method: 'POST', path: '/sign-out' },
  { method: 'GET', path: '/get-session' },
  { method: 'GET', path: '/verify-email' },
  { method: 'POST', path: '/send-verification-email' },
  { method: 'POST', path: '/request-password-reset' },
  { method: 'POST', path: '/reset-password' },
  { method: 'POST', path: '/change-password' },
  { method: 'GET', path: '/ok' },
  { method: 'GET', path: '/error' },
] as const;
export type TAuthRoutePath = (typeof AUTH_ROUTES)[number]['path'];

/** Bodies checked with the browser's own rules before better-auth sees them. */
export const signUpBody = ZSignUpRequestSchema;
export const changePasswordBody = ZChangePasswordRequestSchema;
export const signInBody = ZSignInRequestSchema;
export const passwordResetRequestBody = ZPasswordResetRequestSchema;
export const sendVerificationEmailBody = ZSendVerificationEmailRequestSchema;
