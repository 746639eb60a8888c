import { zValidator } from '@hono/zod-validator';
import { ZCreditHistoryQuerySchema } from '@prospector/contracts';

/** A query that fails its schema is thrown to the service's error handler (400 VALIDATION_FAILED). */
export const historyQuery = zValidator('query', ZCreditHistoryQuerySchema, (result) => {
  if (!result.success) throw result.error;
});
