/**
 * Development mode for the web app: the shell and every remote run as Vite dev servers with hot
 * reload, all behind the shell's origin. The shell's server proxies `/api` and `/dev` to the API,
 * `/remotes/<name>/` to each remote's own server, and answers `/remotes/manifest.json` with the
 * remotes' dev entries, so the browser sees the same paths as in production.
 *
 * Run alone with `pnpm --filter shell dev`; `pnpm dev` at the root calls `startFrontendDevServers`.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildRemoteManifest,
  REMOTE_MANIFEST_PATH,
  REMOTE_NAMES,
  remoteBasePath,
  type TRemoteManifest,
  type TRemoteName,
} from '@prospector/contracts';
import { createServer, type Plugin, type ProxyOptions, type ViteDevServer } from 'vite';

const SHELL_ROOT = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = join(SHELL_ROOT, '..');

/** `port` is the one port the browser uses; `apiTarget` is where `/api/*` and `/dev/*` go. */
export async function startFrontendDevServers({
  port = 3000,
  apiTarget = 'http://127.0.0.1:3100',
}: {
  port?: number;
  apiTarget?: string;
} = {}) {
  const started: ViteDevServer[] = [];
  const close = async () => {
    await Promise.allSettled(started.map((server) => server.close()));
  };
  try {
    const remotes = {} as Record<TRemoteName, string>;
    const remotePorts = remoteDevPorts(port, Number(new URL(apiTarget).port));
    for (const [index, name] of REMOTE_NAMES.entries()) {
      const server = await startRemote(name, remotePorts[index] ?? 0, apiTarget);
      started.push(server);
      remotes[name] = `http://127.0.0.1:${listeningPort(server)}`;
    }

    const remoteProxies = Object.fromEntries(
      REMOTE_NAMES.map((name): [string, ProxyOptions] => [
        remoteBasePath(name),
        // `ws` carries each remote's HMR socket; the remote's host check sees its own address.
        { target: remotes[name], changeOrigin: true, ws: true },
      ]),
    );
    const shell = await createServer({
      configFile: join(SHELL_ROOT, 'vite.config.ts'),
      configLoader: 'runner',
      root: SHELL_ROOT,
      clearScreen: false,
      plugins: [serveRemoteManifest(buildRemoteManifest()), shareReactRefreshWithRemotes()],
      server: {
        port,
        strictPort: true,
        proxy: {
          // Anchored, so `/api…` and `/dev…` source files of the shell are never proxied.
          '^/api(/|$)': { target: apiTarget, ws: true },
          '^/dev(/|$)': { target: apiTarget },
          // The public API's reference page, served by the API like /api/v1/openapi.json.
          '^/docs/api$': { target: apiTarget },
          ...remoteProxies,
        },
      },
    });
    started.push(shell);
    await shell.listen();
    return { url: `http://localhost:${port}`, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The ports the remotes' dev servers ask for: those after the shell's, skipping the API's. The API
 * starts alongside and may not be listening yet, so a remote would otherwise take its port.
 */
export function remoteDevPorts(shellPort: number, apiPort: number): number[] {
  const ports: number[] = [];
  for (let port = shellPort + 1; ports.length < REMOTE_NAMES.length; port += 1) {
    if (port !== apiPort) ports.push(port);
  }
  return ports;
}

async function startRemote(
  name: TRemoteName,
  preferredPort: number,
  apiTarget: string,
): Promise<ViteDevServer> {
  const root = join(REPO_ROOT, `mfe-${name}`);
  const server = await createServer({
    configFile: join(root, 'vite.config.ts'),
    configLoader: 'runner',
    root,
    // Served through the shell under the same base as in production.
    base: remoteBasePath(name),
    clearScreen: false,
    logLevel: 'warn',
    server: {
      host: '127.0.0.1',
      port: preferredPort,
      strictPort: false,
      // The API calls a remote's own server receives (its harness's default is 127.0.0.1:3000, the
      // shell's default port) go where the shell's go, whatever port the shell listens on.
      proxy: { '/api': { target: apiTarget, changeOrigin: true } },
    },
  });
  await server.listen();
  return server;
}

// The preferred port may be taken; Vite then picks the next free one.
function listeningPort(server: ViteDevServer): number {
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('A remote dev server is not listening.');
  return address.port;
}

function serveRemoteManifest(manifest: TRemoteManifest): Plugin {
  const body = JSON.stringify(manifest);
  return {
    name: 'prospector:dev-remote-manifest',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== REMOTE_MANIFEST_PATH) return next();
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(body);
      });
    },
  };
}

const REFRESH_RUNTIME_EXPORTS = [
  'injectIntoGlobalHook',
  'register',
  'getRefreshReg',
  'createSignatureFunctionForTransform',
  'registerExportsForReactRefresh',
  'validateRefreshBoundaryAndEnqueueUpdate',
  '__hmr_import',
];

/**
 * Fast Refresh of remote components needs the host page's refresh runtime, the one wired into the
 * shared react-dom. The federation plugin's `/@react-refresh` proxy on a remote picks the remote's
 * own runtime whenever the page has the remote's origin, which is always the case behind this
 * single origin; so the shell answers that path itself and hands out its own runtime.
 */
function shareReactRefreshWithRemotes(): Plugin {
  const paths = new Set(REMOTE_NAMES.map((name) => `${remoteBasePath(name)}@react-refresh`));
  const body = [
    "const runtime = await import('/@react-refresh');",
    ...REFRESH_RUNTIME_EXPORTS.map((name) => `export const ${name} = runtime.${name};`),
    'export default runtime.default || runtime;',
  ].join('\n');
  return {
    name: 'prospector:dev-shared-react-refresh',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (!paths.has(req.url?.split('?')[0] ?? '')) return next();
        res.setHeader('Content-Type', 'text/javascript');
        res.end(body);
      });
    },
  };
}

// `pnpm --filter shell dev`: the frontends alone, against an API on the default target.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const servers = await startFrontendDevServers();
  process.stdout.write(`\n  Prospector frontends (development) at ${servers.url}\n\n`);
  const stop = () => void servers.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
