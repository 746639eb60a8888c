import type { TErrorBody } from '@prospector/contracts';

type TFetch = (request: Request, env?: unknown) => Response | Promise<Response>;

/** The web app's files: the pages' HTML, their hashed assets and the remotes. Everything else is the API's. */
const WEB_FILE = /^\/(|remotes\/.*|assets\/.*|[^/]+\.(js|css|svg|ico|png|webmanifest|txt))$/;

export interface TStartGate {
  /** What the listening server calls: the web app's files at once, the rest once the services are up. */
  fetch: TFetch;
  /** The services are up: every held request and every later one goes to `app`. */
  open(app: { fetch: TFetch }): void;
  /** The start failed: held and later requests get a 503. */
  fail(): void;
}

/**
 * Lets the server listen as soon as the first page's files are built, before the database and the
 * services have started: a restarted app serves its pages at once, and a request for anything else
 * (the API, the dev mailbox, `/metrics`) waits until the services answer it rather than failing.
 * Files of a remote still building (`building`, by remote name) wait the same way. Without `web`
 * (development, where Vite serves the pages) every request waits.
 */
export function createStartGate(web?: { fetch: TFetch }, building: readonly string[] = []): TStartGate {
  const servedNow = (pathname: string) =>
    WEB_FILE.test(pathname) && !building.some((remote) => pathname.startsWith(`/remotes/${remote}/`));
  let target: TFetch | undefined;
  let settle: { open: (fetch: TFetch) => void; fail: () => void } | undefined;
  const ready = new Promise<TFetch | undefined>((resolve) => {
    settle = { open: resolve, fail: () => resolve(undefined) };
  });
  return {
    fetch(request, env) {
      if (target) return target(request, env);
      const { pathname } = new URL(request.url);
      if (web && (request.method === 'GET' || request.method === 'HEAD') && servedNow(pathname))
        return web.fetch(request, env);
      return ready.then((fetch) => (fetch ? fetch(request, env) : notStarted()));
    },
    open(app) {
      target = app.fetch;
      settle?.open(target);
    },
    fail() {
      settle?.fail();
    },
  };
}

function notStarted(): Response {
  const body: TErrorBody = { error: { code: 'UNAVAILABLE', message: 'Prospector could not start.' } };
  return Response.json(body, { status: 503 });
}
