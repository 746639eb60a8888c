import { loadEnv } from '@prospector/config';
import type { TDiscoveryConfig } from './discovery/discovery-context.ts';
import type { TEmailChecker } from './email-check/email-checker.ts';
import {
  extractorEnvShapes,
  runConfigFromEnv,
  type TDiscoveryEnv,
  type TEmailCheckEnv,
  type TProviderEnv,
  type TRunsEnv,
  type TWebsiteEnv,
} from './env.ts';
import {
  DAY_MS,
  DEFAULT_RETENTION_SWEEP_INTERVAL_MS,
  type TExtractorRetention,
} from './retention/retention-sweeper.ts';
import type { TRunConfig } from './runs/run-deps.ts';
import { DEFAULT_HTTP_PAGE_LIMITS } from './websites/http/http-page-source.ts';
import type { TWebsitesConfig } from './websites/websites-config.ts';

/** The extractor service's settings; every mode builds them from its env (see env.ts). */
export interface TExtractorConfig extends TDiscoveryConfig {
  /** Pacing, lanes, leases and sweeps of extraction runs. */
  runs: TRunConfig;
  /** How often the events stream sends a heartbeat comment. */
  heartbeatMs?: number;
  /** Looking for e-mails on linked websites (src/websites/). */
  websites: TWebsitesConfig;
  /** The deliverability check of found e-mails (see env.ts). */
  emailCheck: TEmailCheckEnv;
  /** A checker used as given (tests): no resolver or probe built from `emailCheck`. */
  emailCheckerAsIs?: TEmailChecker;
  /** What the retention sweeper removes, and how often it runs (src/retention/). */
  retention: TExtractorRetention;
}

export const extractorConfigFromEnv = (
  env: TProviderEnv & TDiscoveryEnv & TRunsEnv & TWebsiteEnv & TEmailCheckEnv,
): TExtractorConfig => ({
  providerEnv: env,
  discovery: env,
  runs: runConfigFromEnv(env),
  websites: { env },
  emailCheck: env,
  // The profile cache's own TTL, the page cache's 7 days, the run results' retention.
  retention: {
    profileCacheMs: env.EXTRACTOR_PROFILE_CACHE_TTL_HOURS * 3_600_000,
    websitePagesMs: DEFAULT_HTTP_PAGE_LIMITS.pageTtlMs,
    runResultsMs: env.RUN_RESULTS_RETENTION_DAYS * DAY_MS,
    sweepIntervalMs: DEFAULT_RETENTION_SWEEP_INTERVAL_MS,
  },
});

/** The settings with every variable unset: the sandbox provider and the documented defaults. */
export const DEFAULT_EXTRACTOR_CONFIG = extractorConfigFromEnv(
  loadEnv('extractor service', extractorEnvShapes, {}),
);
