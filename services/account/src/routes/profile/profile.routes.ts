import { zValidator } from '@hono/zod-validator';
import { ZOnboardingAnswersSchema, ZProfileUpdateSchema } from '@prospector/contracts';
import type { z } from 'zod';

/** A body that fails its schema is thrown to the service's error handler (400 VALIDATION_FAILED). */
const json = <TSchema extends z.ZodType>(schema: TSchema) =>
  zValidator('json', schema, (result) => {
    if (!result.success) throw result.error;
  });

export const profileUpdateBody = json(ZProfileUpdateSchema);
export const onboardingAnswersBody = json(ZOnboardingAnswersSchema);
