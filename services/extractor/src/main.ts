import { runStandalone } from '@prospector/service-kit';
import { loadExtractorEnv } from './env.ts';
import { createExtractorService, DEFAULT_EXTRACTOR_CONFIG } from './service.ts';

const env = loadExtractorEnv();
await runStandalone(createExtractorService({ ...DEFAULT_EXTRACTOR_CONFIG, runs: env.runs }), env);
