import { accountEnvChecks } from '@prospector/account';
import { paymentsEnvChecks } from '@prospector/billing';
import { EnvError, loadEnv } from '@prospector/config';
import { captureEnvLoadFailure } from '@prospector/config/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { embeddedEnvShape, loadEdgeEnv, loadEmbeddedEnv } from './env.ts';

describe('loadEmbeddedEnv', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('points e-mail links at the port it serves and trusts both local names for it', () => {
    vi.stubEnv('PORT', '3600');
    vi.stubEnv('PUBLIC_URL', '');
    vi.stubEnv('TRUSTED_ORIGINS', '');
    const { account } = loadEmbeddedEnv();
    expect(account.publicUrl).toBe('http://localhost:3600');
    expect(account.trustedOrigins).toEqual(['http://localhost:3600', 'http://127.0.0.1:3600']);
  });

  it('keeps an explicit PUBLIC_URL and extra trusted origins', () => {
    vi.stubEnv('PORT', '3000');
    vi.stubEnv('PUBLIC_URL', 'https://app.example.com/');
    vi.stubEnv('TRUSTED_ORIGINS', 'https://admin.example.com');
    const { account } = loadEmbeddedEnv();
    expect(account.publicUrl).toBe('https://app.example.com');
    expect(account.trustedOrigins).toEqual([
      'https://admin.example.com',
      'http://localhost:3000',
      'http://127.0.0.1:3000',
    ]);
  });

  it('hands the promo end to the marketing service: PROMO_ENDS_AT, else the spec instant in UTC', () => {
    vi.stubEnv('PROMO_ENDS_AT', '');
    expect(loadEmbeddedEnv().marketing.promoEndsAt.toISOString()).toBe('2025-08-16T23:59:59.000Z');
    vi.stubEnv('PROMO_ENDS_AT', '2030-06-01T12:00:00-04:00');
    expect(loadEmbeddedEnv().marketing.promoEndsAt.toISOString()).toBe('2030-06-01T16:00:00.000Z');
  });

  it('hands the data provider settings to the extractor: the sandbox by default, a real one only with its credentials', () => {
    vi.stubEnv('EXTRACTOR_PROVIDER', '');
    expect(loadEmbeddedEnv().extractor.providerEnv.EXTRACTOR_PROVIDER).toBe('sandbox');
    vi.stubEnv('EXTRACTOR_PROVIDER', 'graph');
    vi.stubEnv('GRAPH_ACCESS_TOKEN', 'token');
    vi.stubEnv('GRAPH_IG_USER_ID', '17841400000000000');
    expect(loadEmbeddedEnv().extractor.providerEnv).toMatchObject({
      EXTRACTOR_PROVIDER: 'graph',
      GRAPH_API_VERSION: 'v21.0',
    });
  });

  it("points the website crawler's user agent at the app's privacy policy, and needs PUBLIC_URL for it in production", () => {
    vi.stubEnv('PORT', '3600');
    vi.stubEnv('PUBLIC_URL', '');
    vi.stubEnv('WEBSITE_BOT_INFO_URL', '');
    expect(loadEmbeddedEnv().extractor.websites.env.PUBLIC_URL).toBe('http://localhost:3600');
    vi.stubEnv('PUBLIC_URL', 'https://app.example.com/');
    expect(loadEmbeddedEnv().extractor.websites.env.PUBLIC_URL).toBe('https://app.example.com');
    vi.stubEnv('PUBLIC_URL', '');
    vi.stubEnv('NODE_ENV', 'production');
    const failure = captureEnvLoadFailure(loadEmbeddedEnv);
    expect(failure.exitCode).toBe(1);
    expect(failure.stderr).toContain('PUBLIC_URL: is required when NODE_ENV=production');
  });

  it('refuses a private-address allowance for website lookups in production', () => {
    vi.stubEnv('WEBSITE_ALLOW_PRIVATE_HOSTS', '127.0.0.1');
    vi.stubEnv('NODE_ENV', 'development');
    expect(loadEmbeddedEnv().extractor.websites.env.WEBSITE_ALLOW_PRIVATE_HOSTS).toBe('127.0.0.1');
    vi.stubEnv('NODE_ENV', 'production');
    const failure = captureEnvLoadFailure(loadEmbeddedEnv);
    expect(failure.exitCode).toBe(1);
    expect(failure.stderr).toContain('WEBSITE_ALLOW_PRIVATE_HOSTS');
    expect(failure.stderr).toContain('must be unset when NODE_ENV=production');
  });
});

describe('the embedded server in production', () => {
  const load = (source: Record<string, string>) => () =>
    loadEnv('embedded server', embeddedEnvShape, source, [...accountEnvChecks, ...paymentsEnvChecks]);
  const secret = 'x'.repeat(32);

  it('refuses to start without a fixed secret, real mail and Stripe, naming each', () => {
    expect(load({ NODE_ENV: 'production' })).toThrow(EnvError);
    try {
      load({ NODE_ENV: 'production' })();
    } catch (error) {
      const problems = (error as EnvError).problems.map((problem) => problem.variable);
      expect(problems).toEqual(['BETTER_AUTH_SECRET', 'SMTP_URL', 'STRIPE_SECRET_KEY']);
      expect((error as EnvError).message).not.toContain('    at ');
    }
    expect(
      load({
        NODE_ENV: 'production',
        BETTER_AUTH_SECRET: secret,
        SMTP_URL: 'smtp://mail:25',
        STRIPE_SECRET_KEY: 'sk',
      }),
    ).toThrow('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set');
  });

  it('starts with all of them, or with the sandbox opt-in instead of Stripe', () => {
    const base = { NODE_ENV: 'production', BETTER_AUTH_SECRET: secret, SMTP_URL: 'smtp://mail:25' };
    expect(load({ ...base, STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'whsec' })()).toMatchObject({
      NODE_ENV: 'production',
    });
    expect(load({ ...base, ALLOW_SANDBOX_PAYMENTS: 'true' })().ALLOW_SANDBOX_PAYMENTS).toBe(true);
    expect(load({ ...base, ALLOW_SANDBOX_PAYMENTS: 'false' })).toThrow(
      /STRIPE_SECRET_KEY is required in production/,
    );
  });

  it('needs none of them outside production', () => {
    expect(load({})().NODE_ENV).toBe('development');
  });
});

describe('loadEdgeEnv', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('requires EDGE_SECRET in production, where the services behind it would otherwise see one client', () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('EDGE_SECRET', '');
    const failure = captureEnvLoadFailure(loadEdgeEnv);
    expect(failure.exitCode).toBe(1);
    expect(failure.stderr).toContain('EDGE_SECRET is required in production');
    vi.stubEnv('EDGE_SECRET', 'x'.repeat(32));
    expect(loadEdgeEnv().EDGE_SECRET).toBe('x'.repeat(32));
  });

  it('starts without it outside production', () => {
    vi.stubEnv('NODE_ENV', 'development');
    vi.stubEnv('EDGE_SECRET', '');
    expect(loadEdgeEnv().EDGE_SECRET).toBeUndefined();
  });
});
