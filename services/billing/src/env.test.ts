import { captureEnvLoadFailure, SERVICE_ENV, stubEnvs } from '@prospector/config/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadBillingEnv } from './env.ts';

describe('loadBillingEnv', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('lists a Stripe key without its webhook secret together with every other bad variable', () => {
    stubEnvs({
      ...SERVICE_ENV,
      PORT: 'not-a-port',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: '',
    });
    const failure = captureEnvLoadFailure(loadBillingEnv);
    expect(failure.exitCode).toBe(1);
    expect(failure.stderr).toMatch(/^Invalid environment for billing service:\n/);
    expect(failure.stderr).toContain('  - PORT: ');
    expect(failure.stderr).toContain('  - STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set');
  });

  it('takes the key with its webhook secret', () => {
    stubEnvs({
      ...SERVICE_ENV,
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      PUBLIC_URL: 'https://app.example.com/',
    });
    expect(loadBillingEnv().payments).toMatchObject({
      stripeSecretKey: 'sk_test_123',
      stripeWebhookSecret: 'whsec_123',
      publicUrl: 'https://app.example.com',
    });
  });

  it('refuses production without Stripe in one line and exit status 1, unless sandbox payments are allowed', () => {
    stubEnvs({
      ...SERVICE_ENV,
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      ALLOW_SANDBOX_PAYMENTS: '',
    });
    const failure = captureEnvLoadFailure(loadBillingEnv);
    expect(failure.exitCode).toBe(1);
    expect(failure.stderr).toBe(
      'Invalid environment for billing service: STRIPE_SECRET_KEY is required in production, with STRIPE_WEBHOOK_SECRET (or set ALLOW_SANDBOX_PAYMENTS=true to take sandbox payments in a demo).\n',
    );
    vi.stubEnv('ALLOW_SANDBOX_PAYMENTS', 'true');
    expect(loadBillingEnv().payments.stripeSecretKey).toBeUndefined();
  });
});
