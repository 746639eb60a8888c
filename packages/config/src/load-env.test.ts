import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EnvError, envFields, exitOnEnvError, loadEnv, type TEnvCheck } from './index.ts';
import { captureEnvLoadFailure } from './testing.ts';

const shape = {
  PORT: envFields.port(3000),
  DATABASE_URL: envFields.databaseUrl,
  NATS_URL: envFields.natsUrl.optional(),
  LOG_LEVEL: envFields.logLevel,
};

describe('loadEnv', () => {
  it('parses valid values and applies defaults', () => {
    const env = loadEnv('test', shape, { DATABASE_URL: 'postgres://u@h:5432/d', NATS_URL: 'nats://h:4222' });
    expect(env).toEqual({
      PORT: 3000,
      DATABASE_URL: 'postgres://u@h:5432/d',
      NATS_URL: 'nats://h:4222',
      LOG_LEVEL: 'info',
    });
  });

  it('treats empty strings as unset', () => {
    const env = loadEnv('test', shape, { DATABASE_URL: 'postgresql://x/y', NATS_URL: '', PORT: ' ' });
    expect(env.NATS_URL).toBeUndefined();
    expect(env.PORT).toBe(3000);
  });

  it('lists every bad variable in one error', () => {
    let caught: unknown;
    try {
      loadEnv('billing', shape, {
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        NATS_URL: 'http://x',
        LOG_LEVEL: 'loud',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const envError = caught as EnvError;
    expect(envError.problems.map((p) => p.variable).sort()).toEqual([
      'DATABASE_URL',
      'LOG_LEVEL',
      'NATS_URL',
      'PORT',
    ]);
    expect(envError.message).toContain('Invalid environment for billing');
    expect(envError.message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
  });

  it('puts a single bad variable on one line', () => {
    expect(() => loadEnv('billing', shape, { DATABASE_URL: 'mysql://x' })).toThrow(
      /^Invalid environment for billing: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL\.$/,
    );
  });

  it('reports a missing required variable', () => {
    expect(() => loadEnv('test', shape, {})).toThrow(/DATABASE_URL/);
  });
});

describe('cross-variable checks', () => {
  const webhookCheck: TEnvCheck = (env) =>
    env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET
      ? { variable: 'STRIPE_WEBHOOK_SECRET', message: 'is required when STRIPE_SECRET_KEY is set' }
      : undefined;
  const stripeShape = {
    ...shape,
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
  };

  it('are listed together with the variables that fail their own schema', () => {
    const failure = captureEnvLoadFailure(() =>
      exitOnEnvError(() =>
        loadEnv('billing', stripeShape, { DATABASE_URL: 'mysql://x', STRIPE_SECRET_KEY: 'sk_test_1' }, [
          webhookCheck,
        ]),
      ),
    );
    expect(failure.exitCode).toBe(1);
    expect(failure.stderr).toBe(
      [
        'Invalid environment for billing:',
        '  - DATABASE_URL: must be a postgres:// or postgresql:// URL',
        '  - STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set',
        '',
      ].join('\n'),
    );
  });

  it('pass when the rule holds, and see an empty value as unset', () => {
    const source = { DATABASE_URL: 'postgres://x/y', STRIPE_SECRET_KEY: 'sk_test_1' };
    expect(
      loadEnv('billing', stripeShape, { ...source, STRIPE_WEBHOOK_SECRET: 'whsec_1' }, [webhookCheck]),
    ).toMatchObject({ STRIPE_WEBHOOK_SECRET: 'whsec_1' });
    expect(() =>
      loadEnv('billing', stripeShape, { ...source, STRIPE_WEBHOOK_SECRET: ' ' }, [webhookCheck]),
    ).toThrow(/STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set/);
  });
});
