export { DEFAULT_EXTRACTOR_CONFIG, extractorConfigFromEnv, type TExtractorConfig } from './config.ts';
export {
  extractorEnvShape,
  extractorEnvShapes,
  providerEnvCheck,
  websiteBotEnvCheck,
  websiteEnvCheck,
} from './env.ts';
export { createExtractorService, extractorService } from './service.ts';
