import { runStandalone } from '@prospector/service-kit';
import { loadExtractorEnv } from './env.ts';
import { extractorService } from './service.ts';

await runStandalone(extractorService, loadExtractorEnv());
