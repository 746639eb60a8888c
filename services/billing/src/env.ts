import { envFields, exitOnEnvError, loadEnv, type TEnvCheck } from '@prospector/config';
import { SERVICE_PORTS, standaloneEnvShape } from '@prospector/service-kit';
import { z } from 'zod';
import type { TPaymentsConfig } from './subscriptions/create-payments.ts';

/** Stripe, when STRIPE_SECRET_KEY is set; the sandbox payment provider otherwise (docs/architecture.md §8). */
export const stripeEnvShape = {
  STRIPE_SECRET_KEY: z.string().optional(),
  /** Verifies webhook signatures; required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Points the Stripe SDK at another origin (a local fake Stripe in tests). */
  STRIPE_API_BASE: envFields.httpUrl.optional(),
  /** In production, take payments in the sandbox (no card charged) without Stripe keys: demos only. */
  ALLOW_SANDBOX_PAYMENTS: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
};

/** The billing service's own process (distributed mode). */
export const billingEnvShape = {
  ...standaloneEnvShape(SERVICE_PORTS.billing),
  ...stripeEnvShape,
  NODE_ENV: envFields.nodeEnv,
  /** Where users reach the app; Stripe's success and cancel URLs lead there. */
  PUBLIC_URL: envFields.httpUrl.default('http://localhost:3000'),
};

/** Pass to `loadEnv` with any shape that spreads `stripeEnvShape`. */
export const stripeEnvCheck: TEnvCheck = (env) =>
  env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET
    ? { variable: 'STRIPE_WEBHOOK_SECRET', message: 'is required when STRIPE_SECRET_KEY is set' }
    : undefined;

const isTrue = (value: string | undefined) => value === 'true' || value === '1';

/**
 * Production takes real payments: Stripe's key and webhook secret, unless ALLOW_SANDBOX_PAYMENTS says
 * this production-mode instance is a demo. Pass to `loadEnv` with a shape that has NODE_ENV.
 */
export const productionPaymentsCheck: TEnvCheck = (env) =>
  env.NODE_ENV === 'production' && !env.STRIPE_SECRET_KEY && !isTrue(env.ALLOW_SANDBOX_PAYMENTS)
    ? {
        variable: 'STRIPE_SECRET_KEY',
        message:
          'is required in production, with STRIPE_WEBHOOK_SECRET (or set ALLOW_SANDBOX_PAYMENTS=true to take sandbox payments in a demo)',
      }
    : undefined;

/** Every rule on the payment variables; pass to `loadEnv` with a shape that has NODE_ENV. */
export const paymentsEnvChecks: TEnvCheck[] = [stripeEnvCheck, productionPaymentsCheck];

type TPaymentsEnv = Omit<z.infer<z.ZodObject<typeof stripeEnvShape>>, 'ALLOW_SANDBOX_PAYMENTS'> & {
  PUBLIC_URL: string;
};

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
    const env = loadEnv('billing service', billingEnvShape, process.env, paymentsEnvChecks);
    return { ...env, payments: paymentsConfigFromEnv(env) };
  });
