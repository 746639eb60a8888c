import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_RATE_LIMIT } from './config.ts';
import { accountConfigFromEnv } from './env.ts';

const base = { PUBLIC_URL: 'http://127.0.0.1:3000/', MAIL_FROM: 'Prospector <no-reply@prospector.local>' };

describe('accountConfigFromEnv', () => {
  it('keeps the strict default auth rate limit unless AUTH_RATE_LIMIT_MAX is set', () => {
    expect(accountConfigFromEnv(base, 'test').authRateLimit).toBeUndefined();
    expect(DEFAULT_AUTH_RATE_LIMIT).toEqual({ max: 5, windowSeconds: 60 });
  });

  it('AUTH_RATE_LIMIT_MAX raises the per-minute limit, keeping the window', () => {
    expect(accountConfigFromEnv({ ...base, AUTH_RATE_LIMIT_MAX: 500 }, 'test').authRateLimit).toEqual({
      max: 500,
      windowSeconds: 60,
    });
  });

  it('drops the trailing slash of PUBLIC_URL', () => {
    expect(accountConfigFromEnv(base, 'test').publicUrl).toBe('http://127.0.0.1:3000');
  });
});
