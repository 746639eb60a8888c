import { BILLING_PATHS } from '@prospector/contracts';

export const SANDBOX_PATHS = {
  page: `${BILLING_PATHS.sandboxCheckout}/:sessionId`,
  pay: `${BILLING_PATHS.sandboxCheckout}/:sessionId/pay`,
  cancel: `${BILLING_PATHS.sandboxCheckout}/:sessionId/cancel`,
} as const;
