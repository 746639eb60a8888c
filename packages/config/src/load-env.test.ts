import { describe, expect, it } from 'vitest';
import { EnvError, envFields, loadEnv } from './index.ts';

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

  it('reports a missing required variable', () => {
    expect(() => loadEnv('test', shape, {})).toThrow(/DATABASE_URL/);
  });
});
