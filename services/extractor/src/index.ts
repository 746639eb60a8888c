export { extractorRunsEnvShape, loadExtractorEnv, runConfigFromEnv } from './env.ts';
export type { TDataProvider } from './providers/provider-port.ts';
export { DEFAULT_RUN_CONFIG, type TRunConfig } from './runs/run-deps.ts';
export {
  createExtractorService,
  DEFAULT_EXTRACTOR_CONFIG,
  extractorService,
  type TExtractorConfig,
} from './service.ts';
