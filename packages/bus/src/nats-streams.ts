import { JetStreamApiCodes, RetentionPolicy, StorageType, type StreamConfig } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { STREAM_RETENTION } from '@prospector/contracts';
import { DUPLICATE_WINDOW_MS } from './consumer-options.ts';
import { STREAM_NAMES } from './naming.ts';
import type { TNatsConnection } from './nats-connection.ts';
import { isApiError, sameList } from './nats-consumer-config.ts';

/** Creates every stream, or brings its subjects, duplicate window and max age up to date. */
export async function ensureNatsStreams(connection: TNatsConnection): Promise<void> {
  for (const stream of STREAM_NAMES) await ensureStream(connection, stream);
}

async function ensureStream(
  { jsm, naming, streamReplicas }: TNatsConnection,
  stream: (typeof STREAM_NAMES)[number],
) {
  const name = naming.streamName(stream);
  const retention = STREAM_RETENTION[stream];
  // JetStream refuses a duplicate window longer than the stream keeps messages.
  const maxAgeMs = retention?.maxAgeMs;
  const wanted: Partial<StreamConfig> = {
    subjects: naming.streamSubjects(stream),
    duplicate_window: nanos(Math.min(DUPLICATE_WINDOW_MS, maxAgeMs ?? DUPLICATE_WINDOW_MS)),
    ...(maxAgeMs ? { max_age: nanos(maxAgeMs) } : {}),
    // On a cluster, R3 keeps every message on three nodes: one node lost loses nothing.
    num_replicas: streamReplicas,
  };
  try {
    const { config } = await jsm.streams.info(name);
    const sameSubjects = sameList(config.subjects, wanted.subjects);
    const sameAge = maxAgeMs === undefined || config.max_age === wanted.max_age;
    // JetStream moves an existing stream to more (or fewer) replicas on update.
    const sameReplicas = config.num_replicas === streamReplicas;
    if (!sameSubjects || config.duplicate_window !== wanted.duplicate_window || !sameAge || !sameReplicas) {
      await jsm.streams.update(name, wanted);
    }
  } catch (error) {
    if (!isApiError(error, JetStreamApiCodes.StreamNotFound)) throw error;
    await jsm.streams.add({
      ...wanted,
      name,
      storage: StorageType.File,
      // Fixed at creation: JetStream cannot change a stream's retention afterwards.
      retention: retention?.workQueue ? RetentionPolicy.Workqueue : RetentionPolicy.Limits,
    });
  }
}

/** A durable's backlog per durable this bus consumes; none for a durable that is gone or unreachable. */
export async function readConsumerLag(
  { jsm }: TNatsConnection,
  durables: Iterable<{ stream: string; durable: string }>,
) {
  const lags = await Promise.all(
    [...durables].map(async ({ stream, durable }) => {
      try {
        const info = await jsm.consumers.info(stream, durable);
        return [{ stream, durable, pending: info.num_pending, ackPending: info.num_ack_pending }];
      } catch {
        // Deleted, or the server is away: no figure rather than a wrong one.
        return [];
      }
    }),
  );
  return lags.flat();
}
