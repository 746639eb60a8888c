import { loadEnv } from '@prospector/config';
import type { TDiscoveryConfig } from './discovery/discovery-context.ts';
import { discoveryEnvShape, providerEnvShape, type TDiscoveryEnv, type TProviderEnv } from './env.ts';

/** The extractor service's settings; every mode builds them from its env (see env.ts). */
export type TExtractorConfig = TDiscoveryConfig;

/** The settings with every variable unset: the sandbox provider and the documented defaults. */
export const DEFAULT_EXTRACTOR_CONFIG: TExtractorConfig = {
  provider: loadEnv('extractor service', providerEnvShape, {}),
  discovery: loadEnv('extractor service', discoveryEnvShape, {}),
};

export const extractorConfigFromEnv = (env: TProviderEnv & TDiscoveryEnv): TExtractorConfig => ({
  provider: env,
  discovery: env,
});
