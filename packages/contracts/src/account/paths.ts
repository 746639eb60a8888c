/** The account service's HTTP paths (one table for both sides of the wire). */
export const ACCOUNT_PATHS = {
  profile: '/api/account/profile',
  onboarding: '/api/account/onboarding',
  skipOnboarding: '/api/account/onboarding/skip',
  me: '/api/account/me',
  /** Server-sent events: the signed-in user's profile and credit changes. */
  events: '/api/account/events',
  /** The signed-in user's webhook endpoint (GET, PUT, DELETE) and its secret's rotation. */
  webhooks: '/api/account/webhooks',
  webhookSecret: '/api/account/webhooks/secret',
  webhookDeliveries: '/api/account/webhooks/deliveries',
  webhookResend: '/api/account/webhooks/deliveries/:deliveryId/resend',
} as const;

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

/** The dev mailbox: mail the app sent, while no SMTP_URL is set (served to this machine only). */
export const DEV_MAILBOX_PATHS = { page: '/dev/mailbox', json: '/dev/mailbox.json' } as const;
