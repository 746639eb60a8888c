import { zValidator } from '@hono/zod-validator';
import { ZCreditHistoryQuerySchema } from '@prospector/contracts';

export const CREDITS_PATHS = {
  credits: '/api/billing/credits',
  history: '/api/billing/credits/history',
} as const;

/** A query that fails its schema is thrown to the service's error handler (400 VALIDATION_FAILED). */
export const historyQuery = zValidator('query', ZCreditHistoryQuerySchema, (result) => {
  if (!result.success) throw result.error;
});
