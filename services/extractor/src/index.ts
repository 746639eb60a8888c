export {
  DEFAULT_EXTRACTOR_CONFIG,
  extractorConfigFromEnv,
  extractorEnvShapes,
  type TExtractorConfig,
} from './config.ts';
export { extractorEnvShape, loadExtractorEnv, providerEnvCheck, websiteEnvCheck } from './env.ts';
export type { TDataProvider } from './providers/provider-port.ts';
export { DEFAULT_RUN_CONFIG, type TRunConfig } from './runs/run-deps.ts';
export { createExtractorService, extractorService } from './service.ts';
