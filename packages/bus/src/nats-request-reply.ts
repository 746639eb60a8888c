import { answerRequest } from './answer-request.ts';
import {
  createNoRespondersError,
  createTimeoutError,
  createUnavailableError,
  readReplyBody,
} from './bus-errors.ts';
import { DEFAULT_REQUEST_TIMEOUT_MS } from './consumer-options.ts';
import { InFlightTasks } from './in-flight.ts';
import { describeError } from './logger.ts';
import type { TNatsConnection } from './nats-connection.ts';
import { hasNoResponders, hasTimeout } from './nats-error-causes.ts';
import type { TSubscription } from './port.ts';
import { assertRequestSubject } from './subject-match.ts';

/** Every reply handler of a subject joins this queue group, so one instance answers each request. */
const REPLY_QUEUE = 'prospector';

export async function requestOverNats<TReq, TRes>(
  { nc, naming }: TNatsConnection,
  subject: string,
  data: TReq,
  requestOptions?: { timeoutMs?: number },
): Promise<TRes> {
  assertRequestSubject(subject);
  const timeoutMs = requestOptions?.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  let answer: string;
  try {
    const message = await nc.request(naming.toWire(subject), JSON.stringify(data ?? null), {
      timeout: timeoutMs,
    });
    answer = message.string();
  } catch (error) {
    if (hasNoResponders(error)) throw createNoRespondersError(subject);
    if (hasTimeout(error)) throw createTimeoutError(subject, timeoutMs);
    throw createUnavailableError('request', error);
  }
  return readReplyBody<TRes>(JSON.parse(answer), subject);
}

export async function replyOverNats<TReq, TRes>(
  { nc, naming, logger }: TNatsConnection,
  subject: string,
  handler: (data: TReq) => Promise<TRes>,
): Promise<TSubscription> {
  assertRequestSubject(subject);
  const tasks = new InFlightTasks();
  const subscription = nc.subscribe(naming.toWire(subject), {
    queue: REPLY_QUEUE,
    callback: (error, message) => {
      if (error) {
        logger.error('Reply subscription failed', { subject, error: describeError(error) });
        return;
      }
      tasks.run(async () => {
        message.respond(await answerRequest(message.string(), handler, { subject, logger }));
      });
    },
  });
  // The server knows about the subscription once this returns, so a request right after
  // `reply()` resolves finds a responder.
  await nc.flush();
  return {
    async stop() {
      if (!nc.isClosed()) await subscription.drain().catch(() => undefined);
      await tasks.idle();
    },
  };
}
