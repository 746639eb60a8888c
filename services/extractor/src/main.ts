import { runStandalone } from '@prospector/service-kit';
import { extractorConfigFromEnv } from './config.ts';
import { loadExtractorEnv } from './env.ts';
import { createExtractorService } from './service.ts';

const env = loadExtractorEnv();
await runStandalone(createExtractorService(extractorConfigFromEnv(env)), env);
