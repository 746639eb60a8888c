import { envFields, exitOnEnvError, loadEnv, type TEnvCheck } from '@prospector/config';
import { SERVICE_PORTS, standaloneEnvShape } from '@prospector/service-kit';
import { z } from 'zod';
import type { TPaymentsConfig } from './subscriptions/create-payments.ts';

/** Stripe, when STRIPE_SECRET_KEY is set; the sandbox payment provider otherwise (ARCHITECTURE §8). */
export const stripeEnvShape = {
  STRIPE_SECRET_KEY: z.string().optional(),
  /** Verifies webhook signatures; required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Points the Stripe SDK at another origin (a local fake Stripe in tests). */
  STRIPE_API_BASE: envFields.httpUrl.optional(),
};

/** The billing service's own process (distributed mode). */
export const billingEnvShape = {
  ...standaloneEnvShape(SERVICE_PORTS.billing),
  ...stripeEnvShape,
  /** Where users reach the app; Stripe's success and cancel URLs lead there. */
  PUBLIC_URL: envFields.httpUrl.default('http://localhost:3000'),
};

/** Pass to `loadEnv` with any shape that spreads `stripeEnvShape`. */
export const stripeEnvCheck: TEnvCheck = (env) =>
  env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET
    ? { variable: 'STRIPE_WEBHOOK_SECRET', message: 'is required when STRIPE_SECRET_KEY is set' }
    : undefined;

type TPaymentsEnv = z.infer<z.ZodObject<typeof stripeEnvShape>> & { PUBLIC_URL: string };

export function paymentsConfigFromEnv(env: TPaymentsEnv): TPaymentsConfig {
  return {
    stripeSecretKey: env.STRIPE_SECRET_KEY,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
    stripeApiBase: env.STRIPE_API_BASE,
    publicUrl: env.PUBLIC_URL.replace(/\/$/, ''),
  };
}

export const loadBillingEnv = () =>
  exitOnEnvError(() => {
    const env = loadEnv('billing service', billingEnvShape, process.env, [stripeEnvCheck]);
    return { ...env, payments: paymentsConfigFromEnv(env) };
  });
