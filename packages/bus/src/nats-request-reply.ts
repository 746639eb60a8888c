import type { TRpcRequest, TRpcResponse, TRpcSubject } from '@prospector/contracts';
import { answerRequest, type TReplyHandler } from './answer-request.ts';
import { createNoRespondersError, createTimeoutError, createUnavailableError } from './bus-errors.ts';
import { DEFAULT_REQUEST_TIMEOUT_MS } from './consumer-options.ts';
import type { TNatsConnection } from './nats-connection.ts';
import { hasNoResponders, hasTimeout } from './nats-error-causes.ts';
import { subscribeWithTasks } from './nats-live-subscribe.ts';
import type { TSubscription } from './port.ts';
import { decodeReply, encodeRequest, rpcSchemasOf } from './rpc-codec.ts';

/** Every reply handler of a subject joins this queue group, so one instance answers each request. */
const REPLY_QUEUE = 'prospector';

export async function requestOverNats<TSubject extends TRpcSubject>(
  { nc, naming }: TNatsConnection,
  subject: TSubject,
  data: TRpcRequest<TSubject>,
  requestOptions?: { timeoutMs?: number },
): Promise<TRpcResponse<TSubject>> {
  const body = encodeRequest(subject, data);
  const timeoutMs = requestOptions?.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  let answer: string;
  try {
    const message = await nc.request(naming.toWire(subject), body, {
      timeout: timeoutMs,
    });
    answer = message.string();
  } catch (error) {
    if (hasNoResponders(error)) throw createNoRespondersError(subject);
    if (hasTimeout(error)) throw createTimeoutError(subject, timeoutMs);
    throw createUnavailableError('request', error);
  }
  return decodeReply(subject, answer);
}

export function replyOverNats<TSubject extends TRpcSubject>(
  connection: TNatsConnection,
  subject: TSubject,
  handler: TReplyHandler<TSubject>,
): Promise<TSubscription> {
  rpcSchemasOf(subject);
  return subscribeWithTasks(
    connection,
    [subject],
    async (message) => {
      message.respond(await answerRequest(message.string(), subject, handler, connection.logger));
    },
    REPLY_QUEUE,
  );
}
