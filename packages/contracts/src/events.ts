import { z } from 'zod';

/** Every fact published on the bus travels in this envelope (docs/architecture.md §5). */
export const ZEventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime(),
  /** The person the fact is about or who did it (a workspace's member); null for anonymous facts. */
  userId: z.string().nullable(),
  /**
   * The workspace the fact's data belongs to (docs/architecture.md "Workspaces"). Absent on events
   * written before workspaces: read it with `eventOwnerKey`, which falls back to `userId` (a personal
   * workspace's id is its user's id).
   */
  ownerKey: z.string().nullable().optional(),
  data: z.unknown(),
});
export type TEventEnvelope<TData = unknown> = Omit<z.infer<typeof ZEventEnvelopeSchema>, 'data'> & {
  data: TData;
};

/** Who an event is for: a member acting in a workspace, or a bare user id (their personal workspace). */
export type TEventActor = string | null | { userId: string; ownerKey: string };

export function createEvent<TData>(
  type: string,
  actor: TEventActor,
  data: TData,
  version = 1,
): TEventEnvelope<TData> {
  const { userId, ownerKey } =
    actor === null || typeof actor === 'string' ? { userId: actor, ownerKey: actor } : actor;
  return {
    id: crypto.randomUUID(),
    type,
    version,
    occurredAt: new Date().toISOString(),
    userId,
    ownerKey,
    data,
  };
}

/** The workspace an event's data belongs to: its `ownerKey`, or for an event from before workspaces its `userId`. */
export const eventOwnerKey = (event: Pick<TEventEnvelope, 'userId' | 'ownerKey'>): string | null =>
  event.ownerKey ?? event.userId;

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
