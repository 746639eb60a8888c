export {
  DEFAULT_EXTRACTOR_CONFIG,
  extractorConfigFromEnv,
  extractorEnvShapes,
  type TExtractorConfig,
} from './config.ts';
export { extractorEnvShape, loadExtractorEnv, providerEnvCheck, websiteEnvCheck } from './env.ts';
export { createExtractorService, extractorService } from './service.ts';
