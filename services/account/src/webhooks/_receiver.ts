import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** The status the receiver answered with. */
  answered: number;
  /** The path and query it was sent to. */
  path: string;
  /** When the request had arrived whole (before any delay). */
  at: number;
}

/**
 * Test and bench support: a customer's webhook endpoint on 127.0.0.1. It answers each request with the
 * next status of `answers` (then 200), after `delayMs` (a slow endpoint), and records what arrived and how
 * many requests it held at once at most.
 */
export async function startWebhookReceiver(answers: number[] = [], { delayMs = 0 } = {}) {
  const received: TReceivedWebhook[] = [];
  const queue = [...answers];
  let delay = delayMs;
  const stats = { inFlight: 0, maxInFlight: 0 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    stats.inFlight += 1;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    response.on('close', () => {
      stats.inFlight -= 1;
    });
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answered = queue.shift() ?? 200;
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, body, answered, path: request.url ?? '', at: Date.now() });
      const answer = () =>
        response.writeHead(answered, { 'content-type': 'text/plain' }).end(answered < 300 ? 'ok' : 'no');
      if (delay > 0) setTimeout(answer, delay).unref();
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** Statuses to answer the next requests with. */
    answerNext: (...statuses: number[]) => queue.push(...statuses),
    /** Answers from now on after this many ms (0: at once). */
    setDelay: (ms: number) => {
      delay = ms;
    },
    /** The most requests the receiver held at once since the last reset. */
    maxInFlight: () => stats.maxInFlight,
    /** Forget what arrived, the statuses not yet used, the delay and the most held at once. */
    reset: () => {
      received.splice(0);
      queue.splice(0);
      delay = delayMs;
      stats.maxInFlight = stats.inFlight;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
