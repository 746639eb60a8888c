/** Server-sent events: the signed-in user's profile and credit changes. */
export const ACCOUNT_EVENTS_PATH = '/api/account/events';

/** Where better-auth is mounted; its endpoints below are relative to it on the server. */
export const AUTH_BASE_PATH = '/api/auth';

/** The better-auth endpoints the browser calls. */
export const AUTH_PATHS = {
  signUp: `${AUTH_BASE_PATH}/sign-up/email`,
  signIn: `${AUTH_BASE_PATH}/sign-in/email`,
  signOut: `${AUTH_BASE_PATH}/sign-out`,
  getSession: `${AUTH_BASE_PATH}/get-session`,
  verifyEmail: `${AUTH_BASE_PATH}/verify-email`,
  sendVerificationEmail: `${AUTH_BASE_PATH}/send-verification-email`,
  requestPasswordReset: `${AUTH_BASE_PATH}/request-password-reset`,
  resetPassword: `${AUTH_BASE_PATH}/reset-password`,
  changePassword: `${AUTH_BASE_PATH}/change-password`,
} as const;
