import type { TRpcRequest, TRpcResponse, TRpcSubject } from '@prospector/contracts';
import { answerRequest, type TReplyHandler } from './answer-request.ts';
import { createNoRespondersError, createTimeoutError } from './bus-errors.ts';
import { DEFAULT_REQUEST_TIMEOUT_MS, type TResolvedConsumerOptions } from './consumer-options.ts';
import { CONSUMER_STOP_GRACE_MS, InFlightTasks, settleConsumerTasks, withTimeout } from './in-flight.ts';
import { deliverLive } from './live-delivery.ts';
import type { TBusLogger } from './logger.ts';
import type { TMemoryBroker } from './memory-broker.ts';
import type { TNaming } from './naming.ts';
import type { THandler, TLiveHandler, TSubscription } from './port.ts';
import { processDelivery } from './process-delivery.ts';
import { decodeReply, encodeRequest, rpcSchemasOf } from './rpc-codec.ts';
import { assertSubscribeSubject } from './subject-match.ts';

/** What the memory bus's consumers, listeners and repliers share: its broker, and whether it is reachable. */
export interface TMemoryConnection {
  broker: TMemoryBroker;
  naming: TNaming;
  logger: TBusLogger;
  isAvailable(): boolean;
}

/**
 * Wires a consumer, listener or replier to the broker: its handlers run as `tasks` and ignore
 * deliveries once `stopping()`; `stop()` detaches it and waits for its running handlers.
 */
function attachWithTasks(
  attach: (tasks: InFlightTasks, stopping: () => boolean) => () => void,
  // Live listeners and repliers get the same grace as a durable: a stop is never held by one handler.
  settle: (tasks: InFlightTasks) => Promise<void> = async (tasks) => {
    await tasks.idleWithin(CONSUMER_STOP_GRACE_MS);
  },
): TSubscription {
  const tasks = new InFlightTasks();
  let stopping = false;
  const detach = attach(tasks, () => stopping);
  return {
    async stop() {
      stopping = true;
      detach();
      await settle(tasks);
    },
  };
}

/** A durable of the broker whose deliveries `processDelivery` handles, at most `concurrency` at once. */
export function startMemoryConsumer<TData>(
  { broker, naming, logger, isAvailable }: TMemoryConnection,
  options: TResolvedConsumerOptions,
  handler: THandler<TData>,
): TSubscription {
  // As on NATS, `concurrency` also caps unacknowledged messages: a failed one is retried before later ones.
  const config = { ...options, filterSubjects: options.filterSubjects.map(naming.toWire) };
  return attachWithTasks(
    (tasks, stopping) =>
      broker.attachConsumer(naming.streamName(options.stream), options.durable, config, {
        canAccept: () => isAvailable() && !stopping() && tasks.size < options.concurrency,
        dispatch: (delivery, controls) =>
          tasks.run(
            () => processDelivery(delivery, controls, handler, { options, naming, logger }),
            () => broker.wake(),
          ),
      }),
    // A durable's stop gives its handlers a grace, not forever (CONSUMER_STOP_GRACE_MS).
    (tasks) => settleConsumerTasks(tasks, logger, { stream: options.stream, durable: options.durable }),
  );
}

/** A live listener; a disconnected bus hears nothing, and live subscriptions do not catch up. */
export function subscribeLiveInMemory<TData>(
  { broker, naming, logger, isAvailable }: TMemoryConnection,
  subjects: string[],
  handler: TLiveHandler<TData>,
): TSubscription {
  for (const subject of subjects) assertSubscribeSubject(subject);
  return attachWithTasks((tasks, stopping) =>
    broker.addListener(subjects.map(naming.toWire), (wireSubject, body) => {
      if (!isAvailable() || stopping()) return;
      tasks.run(() => deliverLive(body, naming.fromWire(wireSubject), handler, logger));
    }),
  );
}

export async function requestInMemory<TSubject extends TRpcSubject>(
  { broker, naming }: TMemoryConnection,
  subject: TSubject,
  data: TRpcRequest<TSubject>,
  requestOptions?: { timeoutMs?: number },
): Promise<TRpcResponse<TSubject>> {
  const body = encodeRequest(subject, data);
  const timeoutMs = requestOptions?.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const replier = broker.findReplier(naming.toWire(subject));
  if (!replier) throw createNoRespondersError(subject);
  const answer = await withTimeout(replier.answer(body), timeoutMs, () =>
    createTimeoutError(subject, timeoutMs),
  );
  return decodeReply(subject, answer);
}

export function replyInMemory<TSubject extends TRpcSubject>(
  { broker, naming, logger, isAvailable }: TMemoryConnection,
  subject: TSubject,
  handler: TReplyHandler<TSubject>,
): TSubscription {
  rpcSchemasOf(subject);
  return attachWithTasks((tasks, stopping) =>
    broker.addReplier(naming.toWire(subject), {
      isReachable: () => isAvailable() && !stopping(),
      answer: (body) =>
        new Promise<string>((resolve) => {
          tasks.run(async () => resolve(await answerRequest(body, subject, handler, logger)));
        }),
    }),
  );
}
