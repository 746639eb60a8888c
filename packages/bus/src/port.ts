import type {
  TEventData,
  TEventEnvelope,
  TEventType,
  TRpcAnswer,
  TRpcRequest,
  TRpcRequestData,
  TRpcResponse,
  TRpcSubject,
} from '@prospector/contracts';

/** What a handler receives for one delivered event. */
export interface TDelivery<TData = unknown> {
  readonly subject: string;
  readonly event: TEventEnvelope<TData>;
  /** 1 on first delivery, then 2, 3, … on redeliveries. */
  readonly deliveryCount: number;
}

/** A delivery of a durable consumer, whose handler may ask for more time. */
export interface TConsumerDelivery<TData = unknown> extends TDelivery<TData> {
  /**
   * The handler is still at it: the ack wait starts again (JetStream's in-progress ack). A handler that
   * calls this while it works can have a short `ackWaitMs`, so a message whose process died comes back
   * soon while a slow but live one is not handed to a second consumer. No-op once the handler settled.
   */
  working(): void;
}

export interface TConsumerOptions {
  /** Durable consumer name; looked up by this string, created if missing (starting from the stream's first message). */
  durable: string;
  /** Stream the consumer reads from (a key of STREAMS). */
  stream: string;
  /** Subjects to receive (defaults to every subject of the stream). */
  filterSubjects?: string[];
  /**
   * How long a delivered, un-acked message waits before redelivery (counted again from each
   * `working()` call). Default 30 s.
   */
  ackWaitMs?: number;
  /**
   * Maximum in-flight messages handled at once. Default 1 (ordered). It is also the consumer's
   * `max_ack_pending`, so it caps the durable as a whole: instances sharing a durable share the cap,
   * and a failed message is retried before later ones are handed out.
   */
  concurrency?: number;
  /** Give up after this many deliveries (the message is terminated and logged). Default 10. */
  maxDeliver?: number;
}

/**
 * A handler that resolves acks the message; one that throws naks it (redelivered after a short,
 * growing delay). Delivery is at least once: handlers stay idempotent on `event.id`.
 */
export type THandler<TData = unknown> = (delivery: TConsumerDelivery<TData>) => Promise<void>;

/**
 * A delivery of one of the event types `TType` (keys of `EVENT_DATA`), its data parsed by the bus
 * against that type's schema; `event.type` tells which type it is.
 */
export type TEventDelivery<TType extends TEventType> = {
  [K in TType]: Omit<TConsumerDelivery<TEventData<K>>, 'event'> & {
    readonly event: TEventEnvelope<TEventData<K>> & { readonly type: K };
  };
}[TType];

export type TEventHandler<TType extends TEventType> = (delivery: TEventDelivery<TType>) => Promise<void>;

/** A consumer of named event types: its handler gets their data typed and parsed. */
export interface TEventConsumerOptions<TType extends TEventType> extends TConsumerOptions {
  filterSubjects: TType[];
}

/**
 * A live subscriber's handler. Nothing is acknowledged or redelivered: a handler that throws is
 * logged and the event is gone for it.
 */
export type TLiveHandler<TData = unknown> = (delivery: TDelivery<TData>) => void | Promise<void>;

export interface TSubscription {
  stop(): Promise<void>;
}

export interface TEventBus {
  readonly kind: 'nats' | 'memory';
  /** Make sure every stream exists (idempotent). Run at start-up, before publish or consume. */
  ensureStreams(): Promise<void>;
  /** Publish an event on `event.type`; `event.id` is the message id used for de-duplication. */
  publish(event: TEventEnvelope): Promise<void>;
  /**
   * Start a durable consumer that runs `handler` for each message until stopped. The data of every
   * event whose type `EVENT_DATA` names is parsed by its schema before the handler runs: a malformed
   * one is logged and acknowledged here, once, never handed to the handler nor redelivered. A
   * consumer that filters on event types gets their data typed (`TEventDelivery`).
   */
  consume<TType extends TEventType>(
    options: TEventConsumerOptions<TType>,
    handler: TEventHandler<TType>,
  ): Promise<TSubscription>;
  consume<TData = unknown>(options: TConsumerOptions, handler: THandler<TData>): Promise<TSubscription>;
  /**
   * Live, non-durable fan-out: every subscriber in every process gets each event published on
   * `subjects` (wildcards allowed) from now on; nothing published earlier or while disconnected is
   * replayed. For caches and live streams to the browser, never for work that must happen (use
   * `consume` for that). Resolves once the subscription is in place.
   */
  subscribe<TData = unknown>(subjects: string[], handler: TLiveHandler<TData>): Promise<TSubscription>;
  /**
   * Request/reply on a subject of the contracts' `RPC` table: send `data` and wait for the one answer
   * (default timeout 5 s). `data` is parsed by the subject's request schema first (refused: a local
   * `AppError` VALIDATION_FAILED, `details.reason` `invalid_request`, nothing sent), the answer by its
   * response schema (refused: `AppError` INTERNAL, reason `invalid_reply`). Rejects with an `AppError`
   * coded UNAVAILABLE on timeout or when nobody answers (`details.reason` says which).
   */
  request<TSubject extends TRpcSubject>(
    subject: TSubject,
    data: TRpcRequest<TSubject>,
    options?: { timeoutMs?: number },
  ): Promise<TRpcResponse<TSubject>>;
  /**
   * Answer requests on a subject of the `RPC` table (one instance answers each request). The handler
   * gets the request parsed by its schema (a malformed request is answered VALIDATION_FAILED and
   * logged, without the handler), and its answer is parsed by the response schema before it leaves.
   * A thrown error is returned to the requester, which rejects with an `AppError` of the same code.
   */
  reply<TSubject extends TRpcSubject>(
    subject: TSubject,
    handler: (data: TRpcRequestData<TSubject>) => Promise<TRpcAnswer<TSubject>>,
  ): Promise<TSubscription>;
  /** True when the bus can currently carry messages. */
  isHealthy(): Promise<boolean>;
  /**
   * Backlog of each durable consumer this bus started (for metrics): messages not yet delivered and
   * messages delivered but not yet acknowledged. NATS answers from consumer info (`num_pending`,
   * `num_ack_pending`); the in-process adapter counts the same in its broker.
   */
  consumerLag(): Promise<TConsumerLag[]>;
  /** Stop consumers after their in-flight messages, flush, and close. */
  drain(): Promise<void>;
}

export interface TConsumerLag {
  stream: string;
  durable: string;
  pending: number;
  ackPending: number;
}
