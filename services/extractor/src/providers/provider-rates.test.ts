import { loadEnv } from '@prospector/config';
import { describe, expect, it } from 'vitest';
import { extractorRunsEnvShape, providerEnvShape, runConfigFromEnv } from '../env.ts';
import { PROVIDER_REQUESTS_PER_MINUTE, providerRequestsPerMinute } from './provider-rates.ts';

const envOf = (values: Record<string, string>) =>
  loadEnv('extractor', { ...providerEnvShape, ...extractorRunsEnvShape }, values);

describe('the limiter rate', () => {
  it('is the configured provider’s stated rate when EXTRACTOR_PROVIDER_REQUESTS_PER_MINUTE is unset', () => {
    for (const provider of ['sandbox', 'apify', 'graph'] as const) {
      const env = envOf({ EXTRACTOR_PROVIDER: provider, EXTRACTOR_PROVIDER_REQUESTS_PER_MINUTE: '' });
      expect(providerRequestsPerMinute(env)).toBe(PROVIDER_REQUESTS_PER_MINUTE[provider]);
    }
    // What `pnpm start` ships: the sandbox's 2 a second, so 12 lanes a run (requests per second × 6).
    const shipped = envOf({});
    expect(providerRequestsPerMinute(shipped)).toBe(120);
    expect(runConfigFromEnv(shipped).maxLanes).toBe(12);
  });

  it('is the variable when it is set, and the run lanes follow it', () => {
    const env = envOf({ EXTRACTOR_PROVIDER_REQUESTS_PER_MINUTE: '600' });
    expect(providerRequestsPerMinute(env)).toBe(600);
    expect(runConfigFromEnv(env).maxLanes).toBe(60);
  });
});
