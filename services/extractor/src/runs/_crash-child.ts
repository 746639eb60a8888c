import { runStandalone } from '@prospector/service-kit';
import { createFakeProvider } from '../_fake-provider.ts';
import { extractorConfigFromEnv } from '../config.ts';
import { loadExtractorEnv } from '../env.ts';
import { createExtractorService } from '../service.ts';

// The extractor service as `pnpm start` runs it (runStandalone: its own process, PostgreSQL, NATS), with
// the Instagram provider stood in for; crash-resume.test.ts kills it with SIGKILL and starts it again.
const env = loadExtractorEnv();
await runStandalone(
  createExtractorService({
    ...extractorConfigFromEnv(env),
    providerAsIs: createFakeProvider({ latencyMs: 30 }),
  }),
  env,
);
