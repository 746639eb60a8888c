import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a fake site saw: each request's path, user agent and arrival time. */
export interface TSeenRequest {
  path: string;
  userAgent: string;
  at: number;
}

type THandler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

/**
 * A website stood in for by a real HTTP server on a loopback address (127.0.0.1, or 127.0.0.2 to be a
 * second "host"), answering `routes` by path; anything else is a 404. Tests reach it only through an
 * explicit address allowance, as production never could.
 */
export async function startFakeSite(routes: Record<string, THandler>, host = '127.0.0.1', port = 0) {
  const seen: TSeenRequest[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    seen.push({ path, userAgent: request.headers['user-agent'] ?? '', at: Date.now() });
    const handler = routes[path.split('?')[0] ?? '/'];
    if (!handler) {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      return;
    }
    void Promise.resolve(handler(request, response)).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    origin: `http://${host}:${bound}`,
    seen,
    paths: () => seen.map((request) => request.path),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type TFakeSite = Awaited<ReturnType<typeof startFakeSite>>;

/** An HTML page answer. */
export const html =
  (body: string, headers: Record<string, string> = {}): THandler =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
  };

/** A text answer (robots.txt). */
export const text =
  (body: string): THandler =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' }).end(body);
  };

export const redirect =
  (location: string, status = 302): THandler =>
  (_request, response) => {
    response.writeHead(status, { location }).end();
  };
