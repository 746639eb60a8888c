import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface TRecordedRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface TFakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Raw text instead of JSON (an HTML error page, say). */
  raw?: string;
}

/**
 * A local HTTP server (127.0.0.1, a free port) standing in for a provider's API in tests: the real
 * client code talks to it over HTTP. `answer` decides each response from the request; `failNext`
 * queues answers (429s, 5xx) served before `answer` is asked again.
 */
export async function startFakeHttpApi(answer: (request: TRecordedRequest) => TFakeAnswer) {
  const requests: TRecordedRequest[] = [];
  const queued: TFakeAnswer[] = [];
  const server = createServer(async (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const request: TRecordedRequest = {
      method: incoming.method ?? 'GET',
      url: new URL(incoming.url ?? '/', 'http://127.0.0.1'),
      headers: incoming.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    requests.push(request);
    const reply = queued.shift() ?? answer(request);
    outgoing.writeHead(reply.status, {
      'content-type': reply.raw === undefined ? 'application/json' : 'text/html',
      ...reply.headers,
    });
    outgoing.end(reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(...answers: TFakeAnswer[]) {
      queued.push(...answers);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The fake API for the tests of the calling `describe`: started before them, closed after them, and with the
 * requests of one test forgotten before the next.
 */
export function useFakeHttpApi(answer: (request: TRecordedRequest) => TFakeAnswer) {
  let fake: Awaited<ReturnType<typeof startFakeHttpApi>>;
  beforeAll(async () => {
    fake = await startFakeHttpApi(answer);
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });
  return {
    get url() {
      return fake.url;
    },
    get requests() {
      return fake.requests;
    },
    failNext: (...answers: TFakeAnswer[]) => fake.failNext(...answers),
  };
}
