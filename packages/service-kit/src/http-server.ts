import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

export interface THttpServer {
  port: number;
  close(): Promise<void>;
}

/** Thrown when the port is taken, so a composition root can print one clear line. */
export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(`Port ${port} is already in use. Stop the other process or set PORT to a free port.`);
    this.name = 'PortInUseError';
  }
}

/**
 * How long an idle keep-alive connection stays open. Node's 5 s is shorter than the idle time of the
 * clients in front of the app (a load balancer's 60 s, an HTTP client's pool between two polls): a
 * client that sends on a connection the server is just closing gets a reset, not an answer.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Listens on `port` (0 picks a free one) and resolves once the socket is bound. */
export function listen(app: Pick<Hono, 'fetch'>, port: number, hostname = '0.0.0.0'): Promise<THttpServer> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname });
    if ('keepAliveTimeout' in server) {
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      // Longer than the keep-alive one, as in Node's defaults: an idle connection is never cut by it.
      server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
    }
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port) : error);
    });
    server.once('listening', () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // Keep-alive sockets would hold close() open; SSE streams never end by themselves.
            if ('closeAllConnections' in server) server.closeAllConnections();
          }),
      });
    });
  });
}
