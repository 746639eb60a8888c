import { z } from 'zod';

export const ZHealthSchema = z.object({
  service: z.string(),
  status: z.enum(['ok', 'degraded']),
  checks: z.object({ database: z.enum(['up', 'down']), bus: z.enum(['up', 'down']) }),
  down: z.array(z.enum(['database', 'bus'])),
});
export type THealth = z.infer<typeof ZHealthSchema>;
