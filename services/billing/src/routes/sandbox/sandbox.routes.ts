import { BILLING_PATHS } from '@prospector/contracts';

export const SANDBOX_PATHS = {
  page: `${BILLING_PATHS.sandboxCheckout}/:sessionId`,
  pay: `${BILLING_PATHS.sandboxCheckout}/:sessionId/pay`,
  cancel: `${BILLING_PATHS.sandboxCheckout}/:sessionId/cancel`,
  /** Sandbox only: a paid session's webhook events delivered again (retried and duplicated), as tests need. */
  resendEvents: `${BILLING_PATHS.sandboxCheckout}/:sessionId/resend-events`,
} as const;
