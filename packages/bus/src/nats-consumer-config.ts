import {
  AckPolicy,
  type ConsumerConfig,
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamManager,
} from '@nats-io/jetstream';
import { type NatsConnection, nanos } from '@nats-io/transport-node';
import type { TResolvedConsumerOptions } from './consumer-options.ts';

type TFilterConfig = Pick<ConsumerConfig, 'filter_subject' | 'filter_subjects'>;

export interface TFilterPlan {
  server: TFilterConfig;
  /** Subjects the client must filter itself, when the server cannot filter on several. */
  client: string[];
}

export function isApiError(error: unknown, code: number): boolean {
  return error instanceof JetStreamApiError && error.code === code;
}

/** nats-server before 2.10 accepts one filter subject only (Debian ships 2.9). */
function supportsFilterSubjects(nc: NatsConnection): boolean {
  const [major = 0, minor = 0] = (nc.info?.version ?? '0.0').split('.').map(Number);
  return major > 2 || (major === 2 && minor >= 10);
}

/**
 * Filters as the server can take them. Absent keys are `undefined`, never empty, because the client
 * puts `filter_subject` into the API subject and `update()` merges over the current config.
 */
export function planFilters(nc: NatsConnection, wireFilters: string[]): TFilterPlan {
  const [single] = wireFilters;
  if (wireFilters.length <= 1)
    return { server: { filter_subject: single, filter_subjects: undefined }, client: [] };
  if (supportsFilterSubjects(nc)) {
    return { server: { filter_subject: undefined, filter_subjects: wireFilters }, client: [] };
  }
  return { server: { filter_subject: undefined, filter_subjects: undefined }, client: wireFilters };
}

export function sameList(left: readonly string[] | undefined, right: readonly string[] | undefined): boolean {
  const a = left ?? [];
  const b = right ?? [];
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/** Looks the durable consumer up by name; creates it when missing and updates it when options changed. */
export async function ensureConsumer(
  jsm: JetStreamManager,
  streamName: string,
  options: TResolvedConsumerOptions,
  filters: TFilterPlan,
): Promise<void> {
  const wanted: Partial<ConsumerConfig> = {
    ack_wait: nanos(options.ackWaitMs),
    max_deliver: options.maxDeliver,
    // The server then never hands out more than the handlers can take, so nothing waits in a client
    // buffer while its ack wait runs, and a failed message is retried before later ones.
    max_ack_pending: options.concurrency,
    ...filters.server,
  };
  let current: ConsumerConfig;
  try {
    current = (await jsm.consumers.info(streamName, options.durable)).config;
  } catch (error) {
    if (isApiError(error, JetStreamApiCodes.StreamNotFound)) {
      throw new Error(`Stream ${streamName} does not exist; call ensureStreams() first`);
    }
    if (!isApiError(error, JetStreamApiCodes.ConsumerNotFound)) throw error;
    await jsm.consumers.add(streamName, {
      ...wanted,
      durable_name: options.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
    });
    return;
  }
  const unchanged =
    current.ack_wait === wanted.ack_wait &&
    current.max_deliver === wanted.max_deliver &&
    current.max_ack_pending === wanted.max_ack_pending &&
    (current.filter_subject ?? '') === (wanted.filter_subject ?? '') &&
    sameList(current.filter_subjects, wanted.filter_subjects);
  if (!unchanged) await jsm.consumers.update(streamName, options.durable, wanted);
}
