import { z } from 'zod';

/** Every service's paths start `/api/<service>` (the account service also owns better-auth's `/api/auth`). */
export const serviceApiPrefix = (service: string) => `/api/${service}`;
/** `GET /api/<service>/health`. */
export const healthPath = (service: string) => `${serviceApiPrefix(service)}/health`;

export const ZHealthSchema = z.object({
  service: z.string(),
  status: z.enum(['ok', 'degraded']),
  checks: z.object({ database: z.enum(['up', 'down']), bus: z.enum(['up', 'down']) }),
  down: z.array(z.enum(['database', 'bus'])),
});
export type THealth = z.infer<typeof ZHealthSchema>;
