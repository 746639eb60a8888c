import { EnvError } from '@prospector/config';
import { captureEnvLoadFailure, SERVICE_ENV, stubEnvs } from '@prospector/config/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AUTH_RATE_LIMIT } from './config.ts';
import { accountConfigFromEnv, loadAccountEnv, parseAccountEnv } from './env.ts';

const base = { PUBLIC_URL: 'http://127.0.0.1:3000/', MAIL_FROM: 'Prospector <no-reply@prospector.local>' };

describe('accountConfigFromEnv', () => {
  it('keeps the strict default auth rate limit unless AUTH_RATE_LIMIT_MAX is set', () => {
    expect(accountConfigFromEnv(base).authRateLimit).toBeUndefined();
    expect(DEFAULT_AUTH_RATE_LIMIT).toEqual({ max: 5, windowSeconds: 60 });
  });

  it('AUTH_RATE_LIMIT_MAX raises the per-minute limit, keeping the window', () => {
    expect(accountConfigFromEnv({ ...base, AUTH_RATE_LIMIT_MAX: 500 }).authRateLimit).toEqual({
      max: 500,
      windowSeconds: 60,
    });
  });

  it('drops the trailing slash of PUBLIC_URL', () => {
    expect(accountConfigFromEnv(base).publicUrl).toBe('http://127.0.0.1:3000');
  });
});

describe('loadAccountEnv', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('lists a missing production secret together with every other bad variable', () => {
    stubEnvs({
      ...SERVICE_ENV,
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: '',
      AUTH_SECRET: '',
      PUBLIC_URL: 'not a url',
    });
    const failure = captureEnvLoadFailure(loadAccountEnv);
    expect(failure.exitCode).toBe(1);
    expect(failure.stderr).toMatch(/^Invalid environment for account service:\n/);
    expect(failure.stderr).toContain('  - PUBLIC_URL: must be an http:// or https:// URL');
    expect(failure.stderr).toContain(
      '  - BETTER_AUTH_SECRET: is required in production (at least 32 characters)',
    );
  });
});

describe('parseAccountEnv', () => {
  const secret = 'x'.repeat(32);
  const problemsOf = (source: Record<string, string>) => {
    try {
      parseAccountEnv(source);
    } catch (error) {
      if (error instanceof EnvError) return error.problems.map((problem) => problem.variable).sort();
      throw error;
    }
    return [];
  };

  it('refuses production without SMTP_URL, listing it with the secret and any other bad variable', () => {
    expect(
      problemsOf({ ...SERVICE_ENV, NODE_ENV: 'production', BETTER_AUTH_SECRET: secret, EDGE_SECRET: secret }),
    ).toEqual(['SMTP_URL']);
    expect(
      problemsOf({ ...SERVICE_ENV, NODE_ENV: 'production', SMTP_URL: ' ', EDGE_SECRET: secret }),
    ).toEqual(['BETTER_AUTH_SECRET', 'SMTP_URL']);
    expect(problemsOf({ ...SERVICE_ENV, NODE_ENV: 'production', PORT: 'abc', LOG_LEVEL: 'loud' })).toEqual([
      'BETTER_AUTH_SECRET',
      'EDGE_SECRET',
      'LOG_LEVEL',
      'PORT',
      'SMTP_URL',
    ]);
    // A malformed SMTP_URL is listed once, for what is wrong with it.
    let caught: unknown;
    try {
      parseAccountEnv({
        ...SERVICE_ENV,
        NODE_ENV: 'production',
        SMTP_URL: 'http://mail',
        BETTER_AUTH_SECRET: secret,
        EDGE_SECRET: secret,
      });
    } catch (error) {
      caught = error;
    }
    expect((caught as EnvError).problems).toEqual([
      { variable: 'SMTP_URL', message: 'must be an smtp:// or smtps:// URL' },
    ]);
  });

  it('runs production with the secrets and SMTP_URL, and development with none of them', () => {
    const edgeSecret = 'e'.repeat(32);
    const production = parseAccountEnv({
      ...SERVICE_ENV,
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: secret,
      SMTP_URL: 'smtp://mailpit:1025',
      EDGE_SECRET: edgeSecret,
    });
    expect(production.config).toMatchObject({ smtpUrl: 'smtp://mailpit:1025', secret, edgeSecret });
    const development = parseAccountEnv(SERVICE_ENV);
    expect(development.config.smtpUrl).toBeUndefined();
    expect(development.config.secret).toBeUndefined();
    expect(development.config.edgeSecret).toBeUndefined();
  });

  it('webhooks: https only and no private allowance in production; the allowance parsed elsewhere', () => {
    const production = {
      ...SERVICE_ENV,
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: secret,
      SMTP_URL: 'smtp://mailpit:1025',
      EDGE_SECRET: secret,
    };
    expect(parseAccountEnv(production).config.webhooks).toEqual({ requireHttps: true, allowance: [] });
    expect(problemsOf({ ...production, WEBHOOK_ALLOW_PRIVATE_HOSTS: '127.0.0.1' })).toEqual([
      'WEBHOOK_ALLOW_PRIVATE_HOSTS',
    ]);
    expect(
      parseAccountEnv({ ...SERVICE_ENV, WEBHOOK_ALLOW_PRIVATE_HOSTS: '127.0.0.1, ::1' }).config.webhooks,
    ).toEqual({ requireHttps: false, allowance: ['127.0.0.1', '::1'] });
    expect(problemsOf({ ...SERVICE_ENV, WEBHOOK_ALLOW_PRIVATE_HOSTS: 'localhost' })).toEqual([
      'WEBHOOK_ALLOW_PRIVATE_HOSTS',
    ]);
  });

  it('refuses an EDGE_SECRET too short to be one', () => {
    expect(problemsOf({ ...SERVICE_ENV, EDGE_SECRET: 'short' })).toEqual(['EDGE_SECRET']);
  });
});
