import { z } from 'zod';

/** Every fact published on the bus travels in this envelope (docs/architecture.md §5). */
export const ZEventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime(),
  userId: z.string().nullable(),
  data: z.unknown(),
});
export type TEventEnvelope<TData = unknown> = Omit<z.infer<typeof ZEventEnvelopeSchema>, 'data'> & {
  data: TData;
};

export function createEvent<TData>(
  type: string,
  userId: string | null,
  data: TData,
  version = 1,
): TEventEnvelope<TData> {
  return { id: crypto.randomUUID(), type, version, occurredAt: new Date().toISOString(), userId, data };
}

/** Streams and the subjects they own. The event `type` is the subject it is published on. */
export const STREAMS = {
  ACCOUNTS: ['accounts.>'],
  CREDITS: ['credits.>'],
  BILLING: ['billing.>'],
  EXTRACTIONS: ['extractions.>'],
  /** Public opt-outs (keyed hashes only), consumed by every service that holds a copy of someone's data. */
  OPTOUTS: ['optouts.>'],
  /** Extraction work (one message per step of a run), shared by every extractor process. */
  EXTRACTION_JOBS: ['extractor.jobs.>'],
  /** A run's progress for the browsers' live streams (heard through `subscribe`, kept two minutes). */
  EXTRACTOR_LIVE: ['extractor.live.>'],
} as const satisfies Record<string, readonly string[]>;
export type TStreamName = keyof typeof STREAMS;

/**
 * How a stream keeps messages when it is not the default (every message, for consumers to replay):
 * `workqueue` removes a message once its consumer acks it, so finished work takes no space;
 * `maxAgeMs` drops messages older than that.
 */
export const STREAM_RETENTION: Partial<Record<TStreamName, { workQueue?: boolean; maxAgeMs?: number }>> = {
  EXTRACTION_JOBS: { workQueue: true },
  EXTRACTOR_LIVE: { maxAgeMs: 120_000 },
};
