import { z } from 'zod';
import type { TErrorBody } from './errors.ts';

/** Parses the one error body every service returns (see `TErrorBody`). */
export const ZErrorBodySchema: z.ZodType<TErrorBody> = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
