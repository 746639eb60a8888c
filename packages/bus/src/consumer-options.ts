import { STREAMS, type TStreamName } from '@prospector/contracts';
import { isStreamName } from './naming.ts';
import type { TConsumerOptions } from './port.ts';
import { isSubjectSubset } from './subject-match.ts';

export const DEFAULT_ACK_WAIT_MS = 30_000;
export const DEFAULT_CONCURRENCY = 1;
export const DEFAULT_MAX_DELIVER = 10;
export const DEFAULT_REQUEST_TIMEOUT_MS = 5_000;
/** How long a message id is remembered for de-duplication (JetStream's `duplicate_window`). */
export const DUPLICATE_WINDOW_MS = 120_000;

/** Durable names become NATS API subject tokens, so they cannot hold dots, wildcards or spaces. */
const DURABLE_PATTERN = /^[A-Za-z0-9_-]+$/;

export interface TResolvedConsumerOptions {
  durable: string;
  stream: TStreamName;
  /** Logical (un-namespaced) subjects; empty means the whole stream. */
  filterSubjects: string[];
  ackWaitMs: number;
  concurrency: number;
  maxDeliver: number;
}

/** Applies the port's defaults and rejects options either adapter would choke on later. */
export function resolveConsumerOptions(options: TConsumerOptions): TResolvedConsumerOptions {
  const { durable, stream } = options;
  if (!DURABLE_PATTERN.test(durable)) {
    throw new Error(`Durable consumer name "${durable}" may only contain letters, digits, "_" and "-"`);
  }
  if (!isStreamName(stream)) {
    throw new Error(`Unknown stream "${stream}"; expected one of ${Object.keys(STREAMS).join(', ')}`);
  }
  const filterSubjects = options.filterSubjects ?? [];
  for (const filter of filterSubjects) {
    if (!STREAMS[stream].some((pattern) => isSubjectSubset(filter, pattern))) {
      throw new Error(
        `Filter subject "${filter}" is outside stream ${stream} (${STREAMS[stream].join(', ')})`,
      );
    }
  }
  return {
    durable,
    stream,
    filterSubjects: [...filterSubjects],
    ackWaitMs: positiveInteger('ackWaitMs', options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS),
    concurrency: positiveInteger('concurrency', options.concurrency ?? DEFAULT_CONCURRENCY),
    maxDeliver: positiveInteger('maxDeliver', options.maxDeliver ?? DEFAULT_MAX_DELIVER),
  };
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`Consumer option ${name} must be a positive integer, got ${value}`);
  }
  return value;
}

/**
 * Delay before a nak'd message comes back: short at first so a passing hiccup costs little, growing
 * so a poisoned message does not spin the consumer until it is given up.
 */
export function retryDelayMs(deliveryCount: number): number {
  return Math.min(100 * 2 ** (deliveryCount - 1), 10_000);
}
