import type { IncomingMessage, ServerResponse } from 'node:http';
import { HARNESS_API_STATUS_PATH, type THarnessApiStatus } from '@prospector/contracts';
import type { Plugin, ProxyOptions } from 'vite';

const CHECK_TIMEOUT_MS = 1_500;
/** A page's first load sends a dozen `/api` calls at once; they share one check. */
const CHECK_REUSE_MS = 1_000;
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '0.0.0.0']);

/** The command that starts the API where `target` points: `pnpm dev` serves it on port 3000. */
export function apiStartCommand(target: string): string | undefined {
  const url = new URL(target);
  if (!LOCAL_HOSTS.has(url.hostname)) return undefined;
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return port === '3000' ? 'pnpm dev' : `PORT=${port} pnpm dev`;
}

export function unreachableApiMessage(target: string): string {
  const command = apiStartCommand(target);
  return command
    ? `The API at ${target} is not reachable. Start it from the repository root with \`${command}\`, or set API_TARGET to where it runs.`
    : `The API at ${target} is not reachable. Start it there, or set API_TARGET to where it runs.`;
}

/**
 * Asks the API's health endpoint. Any service's health answers 200 or 503 (a dependency down); a
 * refused connection, a timeout, or another answer (a proxy's 502, some other server's 404) means
 * there is no Prospector API at `target`.
 */
async function answersAsApi(target: string): Promise<boolean> {
  try {
    const response = await fetch(new URL('/api/account/health', target), {
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return response.status === 200 || response.status === 503;
  } catch {
    return false;
  }
}

function createReachabilityCheck(target: string) {
  let last: { at: number; reachable: Promise<boolean> } | undefined;
  return () => {
    if (!last || Date.now() - last.at > CHECK_REUSE_MS) {
      last = { at: Date.now(), reachable: answersAsApi(target) };
    }
    return last.reachable;
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

const isApiPath = (url: string | undefined) => url === '/api' || Boolean(url?.startsWith('/api/'));

function apiTargetOf(proxy: Record<string, string | ProxyOptions> | undefined): string | undefined {
  const entry = proxy?.['/api'];
  const target = typeof entry === 'string' ? entry : entry?.target;
  return typeof target === 'string' ? target : undefined;
}

/**
 * For a remote's standalone dev harness (`pnpm --filter mfe-<name> dev`), whose pages call an API it
 * does not run: answers `HARNESS_API_STATUS_PATH` for the harness's banner, answers `/api/*` with a
 * 502 `{ error: { code: 'API_UNREACHABLE', message } }` naming the target and the command that starts
 * it (instead of an empty 502 and a proxy stack trace per call), and says the same once in the
 * terminal, again when the API comes or goes. Inert when the shell's dev server runs the remote under
 * `/remotes/<name>/`: the shell starts the API itself.
 */
export function harnessApiStatusPlugin(): Plugin {
  return {
    name: 'prospector:harness-api-status',
    apply: 'serve',
    configureServer(server) {
      const target = apiTargetOf(server.config.server.proxy);
      if (server.config.base !== '/' || !target) return;
      const isReachable = createReachabilityCheck(target);
      const logger = server.config.logger;
      let lastSaid: boolean | undefined;
      const check = async () => {
        const reachable = await isReachable();
        if (reachable !== lastSaid) {
          if (!reachable) logger.warn(unreachableApiMessage(target), { timestamp: true });
          else if (lastSaid === false) logger.info(`The API at ${target} answers.`, { timestamp: true });
          lastSaid = reachable;
        }
        return reachable;
      };

      server.httpServer?.once('listening', () => void check());
      server.middlewares.use(
        async (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
          try {
            const path = req.url?.split('?')[0];
            if (path === HARNESS_API_STATUS_PATH) {
              const reachable = await check();
              return sendJson(res, 200, {
                target,
                reachable,
                startCommand: apiStartCommand(target),
                message: reachable ? `The API at ${target} answers.` : unreachableApiMessage(target),
              } satisfies THarnessApiStatus);
            }
            if (isApiPath(path) && !(await check())) {
              return sendJson(res, 502, {
                error: { code: 'API_UNREACHABLE', message: unreachableApiMessage(target) },
              });
            }
            next();
          } catch (error) {
            next(error);
          }
        },
      );
    },
  };
}
