import { zValidator } from '@hono/zod-validator';
import {
  ZDeleteExtractionsRequestSchema,
  ZExtractionExportQuerySchema,
  ZExtractionListQuerySchema,
} from '@prospector/contracts';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';

export { DATABASE_PATHS } from '@prospector/contracts';

/** Input that fails its schema is thrown to the service's error handler (400 VALIDATION_FAILED). */
const validate = <TTarget extends keyof ValidationTargets, TSchema extends ZodType>(
  target: TTarget,
  schema: TSchema,
) =>
  zValidator(target, schema, (result) => {
    if (!result.success) throw result.error;
  });

export const listQuery = validate('query', ZExtractionListQuerySchema);
export const exportQuery = validate('query', ZExtractionExportQuerySchema);
export const deleteBody = validate('json', ZDeleteExtractionsRequestSchema);
