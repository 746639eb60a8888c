import { setTimeout as sleep } from 'node:timers/promises';
import { loadEnv } from '@prospector/config';
import { runStandalone } from '@prospector/service-kit';
import { z } from 'zod';
import { createFakeProvider } from '../_fake-provider.ts';
import { extractorConfigFromEnv } from '../config.ts';
import { loadExtractorEnv } from '../env.ts';
import type { TDataProvider } from '../providers/provider-port.ts';
import { createExtractorService } from '../service.ts';

// The extractor service as `pnpm start` runs it (runStandalone: its own process, PostgreSQL, NATS), with
// the Instagram provider stood in for; crash-resume.test.ts kills it with SIGKILL and starts it again.
// Each call takes CRASH_PROVIDER_LATENCY_MS (30 by default), a `slow*` account CRASH_SLOW_MS more; on
// stdout the process says when it is ready and which account it asks the provider for.
const crash = loadEnv('extractor crash child', {
  CRASH_PROVIDER_LATENCY_MS: z.coerce.number().int().min(0).default(30),
  CRASH_SLOW_MS: z.coerce.number().int().min(0).default(0),
});
const fake = createFakeProvider({ latencyMs: crash.CRASH_PROVIDER_LATENCY_MS });
const report = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);
const provider: TDataProvider = {
  ...fake,
  async fetchProfile(username, options) {
    report({ fetch: username });
    if (username.startsWith('slow')) await sleep(crash.CRASH_SLOW_MS);
    return fake.fetchProfile(username, options);
  },
};
const env = loadExtractorEnv();
await runStandalone(createExtractorService({ ...extractorConfigFromEnv(env), providerAsIs: provider }), env);
report({ ready: true });
