import { exitOnEnvError, loadEnv } from '@prospector/config';
import { SERVICE_PORTS, standaloneEnvShape } from '@prospector/service-kit';
import { z } from 'zod';
import { DEFAULT_RUN_CONFIG, type TRunConfig } from './runs/run-deps.ts';

const ms = (fallback: number) => z.coerce.number().int().min(0).default(fallback);
const positive = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

/** How extraction runs are paced and kept alive; the embedded edge spreads this shape too. */
export const extractorRunsEnvShape = {
  /** Pause between two accounts of one run (the spec's 500 ms). */
  EXTRACTION_ITEM_DELAY_MS: ms(DEFAULT_RUN_CONFIG.itemDelayMs),
  /** Accounts of one run worked on at once (1: strictly one after the other, as the spec paces them). */
  EXTRACTION_RUN_LANES: positive(DEFAULT_RUN_CONFIG.maxLanes),
  /** Steps one extractor process works on at once; also the work queue's in-flight cap. */
  EXTRACTION_CONCURRENCY: positive(DEFAULT_RUN_CONFIG.stepConcurrency),
  /** A run's credit hold lasts this long unless the run, while working, extends it. */
  EXTRACTION_HOLD_LEASE_MS: positive(DEFAULT_RUN_CONFIG.holdLeaseMs),
  /** A step not finished within this goes to another process (after a crash). */
  EXTRACTION_STEP_ACK_WAIT_MS: positive(DEFAULT_RUN_CONFIG.stepAckWaitMs),
  /** An active run unchanged for this long has its steps sent again (checked every sweep interval). */
  EXTRACTION_STALL_AFTER_MS: positive(DEFAULT_RUN_CONFIG.stallAfterMs),
  EXTRACTION_SWEEP_INTERVAL_MS: positive(DEFAULT_RUN_CONFIG.sweepIntervalMs),
};

type TRunsEnv = z.infer<z.ZodObject<typeof extractorRunsEnvShape>>;

export const runConfigFromEnv = (env: TRunsEnv): TRunConfig => ({
  itemDelayMs: env.EXTRACTION_ITEM_DELAY_MS,
  maxLanes: env.EXTRACTION_RUN_LANES,
  stepConcurrency: env.EXTRACTION_CONCURRENCY,
  holdLeaseMs: env.EXTRACTION_HOLD_LEASE_MS,
  stepAckWaitMs: env.EXTRACTION_STEP_ACK_WAIT_MS,
  stallAfterMs: env.EXTRACTION_STALL_AFTER_MS,
  sweepIntervalMs: env.EXTRACTION_SWEEP_INTERVAL_MS,
});

/** The extractor service's own process (distributed mode). */
export const loadExtractorEnv = () =>
  exitOnEnvError(() => {
    const env = loadEnv('extractor service', {
      ...standaloneEnvShape(SERVICE_PORTS.extractor),
      ...extractorRunsEnvShape,
    });
    return { ...env, runs: runConfigFromEnv(env) };
  });
