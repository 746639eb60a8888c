import { loadEnv } from '@prospector/config';
import type { TDiscoveryConfig } from './discovery/discovery-context.ts';
import {
  discoveryEnvShape,
  extractorRunsEnvShape,
  providerEnvShape,
  runConfigFromEnv,
  type TDiscoveryEnv,
  type TProviderEnv,
  type TRunsEnv,
  type TWebsiteEnv,
  websiteEnvShape,
} from './env.ts';
import { DEFAULT_RUN_CONFIG, type TRunConfig } from './runs/run-deps.ts';
import type { TWebsitesConfig } from './websites/websites-config.ts';

/** The extractor service's settings; every mode builds them from its env (see env.ts). */
export interface TExtractorConfig extends TDiscoveryConfig {
  /** Pacing, lanes, leases and sweeps of extraction runs. */
  runs: TRunConfig;
  /** How often the events stream sends a heartbeat comment. */
  heartbeatMs?: number;
  /** Looking for e-mails on linked websites (src/websites/). */
  websites: TWebsitesConfig;
}

/** The settings with every variable unset: the sandbox provider and the documented defaults. */
export const DEFAULT_EXTRACTOR_CONFIG: TExtractorConfig = {
  providerEnv: loadEnv('extractor service', providerEnvShape, {}),
  discovery: loadEnv('extractor service', discoveryEnvShape, {}),
  runs: DEFAULT_RUN_CONFIG,
  websites: { env: loadEnv('extractor service', websiteEnvShape, {}) },
};

export const extractorConfigFromEnv = (
  env: TProviderEnv & TDiscoveryEnv & TRunsEnv & TWebsiteEnv,
): TExtractorConfig => ({
  providerEnv: env,
  discovery: env,
  runs: runConfigFromEnv(env),
  websites: { env },
});

// The embedded edge spreads these beside the other services' shapes.
export const extractorEnvShapes = {
  ...providerEnvShape,
  ...discoveryEnvShape,
  ...extractorRunsEnvShape,
  ...websiteEnvShape,
};
