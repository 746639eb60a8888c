import { captureEnvLoadFailure } from '@prospector/config/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadBillingEnv } from './env.ts';

describe('loadBillingEnv', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('lists a Stripe key without its webhook secret together with every other bad variable', () => {
    vi.stubEnv('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/test');
    vi.stubEnv('NATS_URL', 'nats://127.0.0.1:4222');
    vi.stubEnv('PORT', 'not-a-port');
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_123');
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', '');
    const failure = captureEnvLoadFailure(loadBillingEnv);
    expect(failure.exitCode).toBe(1);
    expect(failure.stderr).toMatch(/^Invalid environment for billing service:\n/);
    expect(failure.stderr).toContain('  - PORT: ');
    expect(failure.stderr).toContain('  - STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set');
  });

  it('takes the key with its webhook secret', () => {
    vi.stubEnv('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/test');
    vi.stubEnv('NATS_URL', 'nats://127.0.0.1:4222');
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_123');
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', 'whsec_123');
    vi.stubEnv('PUBLIC_URL', 'https://app.example.com/');
    expect(loadBillingEnv().payments).toMatchObject({
      stripeSecretKey: 'sk_test_123',
      stripeWebhookSecret: 'whsec_123',
      publicUrl: 'https://app.example.com',
    });
  });

  it('refuses production without Stripe in one line and exit status 1, unless sandbox payments are allowed', () => {
    vi.stubEnv('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/test');
    vi.stubEnv('NATS_URL', 'nats://127.0.0.1:4222');
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('STRIPE_SECRET_KEY', '');
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', '');
    vi.stubEnv('ALLOW_SANDBOX_PAYMENTS', '');
    const failure = captureEnvLoadFailure(loadBillingEnv);
    expect(failure.exitCode).toBe(1);
    expect(failure.stderr).toBe(
      'Invalid environment for billing service: STRIPE_SECRET_KEY is required in production, with STRIPE_WEBHOOK_SECRET (or set ALLOW_SANDBOX_PAYMENTS=true to take sandbox payments in a demo).\n',
    );
    vi.stubEnv('ALLOW_SANDBOX_PAYMENTS', 'true');
    expect(loadBillingEnv().payments.stripeSecretKey).toBeUndefined();
  });
});
