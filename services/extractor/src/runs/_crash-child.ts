import { runStandalone } from '@prospector/service-kit';
import { createFakeProvider } from '../_fake-provider.ts';
import { loadExtractorEnv } from '../env.ts';
import { createExtractorService } from '../service.ts';

// The extractor service as `pnpm start` runs it (runStandalone: its own process, PostgreSQL, NATS), with
// the Instagram provider stood in for; crash-resume.test.ts kills it with SIGKILL and starts it again.
const env = loadExtractorEnv();
await runStandalone(
  createExtractorService({ provider: createFakeProvider({ latencyMs: 30 }), runs: env.runs }),
  env,
);
