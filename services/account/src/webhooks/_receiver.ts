import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** The status the receiver answered with. */
  answered: number;
}

/**
 * Test support: a customer's webhook endpoint on 127.0.0.1. It answers each request with the next status
 * of `answers` (then 200) and records what arrived.
 */
export async function startWebhookReceiver(answers: number[] = []) {
  const received: TReceivedWebhook[] = [];
  const queue = [...answers];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answered = queue.shift() ?? 200;
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), answered });
      response.writeHead(answered, { 'content-type': 'text/plain' }).end(answered < 300 ? 'ok' : 'no');
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
    /** Forget what arrived and the statuses not yet used. */
    reset: () => {
      received.splice(0);
      queue.splice(0);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
