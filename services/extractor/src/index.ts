export { DEFAULT_EXTRACTOR_CONFIG, extractorConfigFromEnv, type TExtractorConfig } from './config.ts';
export { discoveryEnvShape, extractorEnvShape, providerEnvCheck, providerEnvShape } from './env.ts';
export { createExtractorService, extractorService } from './service.ts';
