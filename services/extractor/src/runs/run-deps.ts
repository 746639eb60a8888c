import type { TEventBus } from '@prospector/bus';
import type { TDatabase } from '@prospector/db';
import type { TLogger } from '@prospector/service-kit';
import type { TEmailChecker } from '../email-check/email-checker.ts';
import type { TOptOutCheck } from '../opt-outs/opt-out-check.ts';
import type { TDataProvider } from '../providers/provider-port.ts';
import { PROVIDER_REQUESTS_PER_MINUTE } from '../providers/provider-rates.ts';
import type { TWebsiteLookup } from '../websites/website-lookup.ts';
import { lanesForProviderRate } from './plan-step.ts';
import type { TLivePublisher } from './run-live-publisher.ts';

/** How runs are paced and kept alive (env.ts documents each; defaults in DEFAULT_RUN_CONFIG). */
export interface TRunConfig {
  /** Pause between two accounts of one lane of a run (0: the provider's rate limiter alone paces runs). */
  itemDelayMs: number;
  /** Lanes (accounts worked on at once) per run; by default enough to fill the provider's rate limit. */
  maxLanes: number;
  /** How long a run's credit hold lasts without being extended. */
  holdLeaseMs: number;
  /** Step messages one extractor process handles at once (also the work queue's in-flight cap). */
  stepConcurrency: number;
  /**
   * A step not acked within this is handed to another process. A working step restarts it with an
   * in-progress ack (step-heartbeat.ts), so this bounds the pause after a process dies, not a step.
   */
  stepAckWaitMs: number;
  /** An active run with no change and no step heartbeat for this long gets its lanes' steps sent again. */
  stallAfterMs: number;
  /** How often stalled runs are looked for. */
  sweepIntervalMs: number;
}

export const DEFAULT_RUN_CONFIG: TRunConfig = {
  itemDelayMs: 0,
  maxLanes: lanesForProviderRate(PROVIDER_REQUESTS_PER_MINUTE.sandbox),
  holdLeaseMs: 10 * 60_000,
  stepConcurrency: 128,
  stepAckWaitMs: 10_000,
  stallAfterMs: 12_000,
  sweepIntervalMs: 3_000,
};

export interface TRunDeps {
  db: TDatabase['db'];
  bus: TEventBus;
  provider: TDataProvider;
  /** For profiles without an e-mail, in runs that ask for it: the websites they link to. */
  websites: TWebsiteLookup;
  live: TLivePublisher;
  config: TRunConfig;
  logger: TLogger;
  /** The deliverability check of found e-mails, and how long a run waits for it before charging. */
  emailCheck: { checker: TEmailChecker; budgetMs: number };
  /** The suppression list (src/opt-outs/); with the development key when not given. */
  optOuts?: TOptOutCheck;
}
