import { z } from 'zod';

/** Env fields several deployables share, so each `env.ts` composes them instead of redefining. */
export const envFields = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65_535).default(fallback),
  databaseUrl: z
    .string()
    .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// or postgresql:// URL'),
  natsUrl: z
    .string()
    .refine(
      (value) => value.split(',').every((part) => /^(nats|tls|ws|wss):\/\/.+/.test(part.trim())),
      'must be a nats:// URL (comma-separate several servers)',
    ),
  /** Copies JetStream keeps of each stream: 1 on one server, 3 on a 3-node cluster (R3). */
  natsStreamReplicas: z.coerce.number().int().min(1).max(5).default(1),
  httpUrl: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }),
  logLevel: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  nodeEnv: z.enum(['development', 'production', 'test']).default('development'),
};
