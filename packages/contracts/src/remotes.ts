/** The four remotes the shell composes, and the routes each one owns. */
export const REMOTE_NAMES = ['marketing', 'extractor', 'database', 'billing'] as const;
export type TRemoteName = (typeof REMOTE_NAMES)[number];

/**
 * Runtime manifest the shell fetches from `/remotes/manifest.json` before rendering a remote.
 * `entry` is the URL of the remote's `remoteEntry.js` (absolute or same-origin path), so a remote can
 * be moved or redeployed without rebuilding the shell.
 */
export interface TRemoteManifest {
  remotes: { name: TRemoteName; entry: string }[];
}

const isRemoteName = (value: unknown): value is TRemoteName =>
  typeof value === 'string' && (REMOTE_NAMES as readonly string[]).includes(value);

/**
 * Whether a parsed JSON value is a remote manifest. A plain guard rather than a schema: the shell
 * checks it on every first load, and the landing page should not download a validation library.
 */
export function isRemoteManifest(value: unknown): value is TRemoteManifest {
  if (typeof value !== 'object' || value === null) return false;
  const { remotes } = value as { remotes?: unknown };
  return (
    Array.isArray(remotes) &&
    remotes.every(
      (remote: { name?: unknown; entry?: unknown } | null | undefined) =>
        isRemoteName(remote?.name) && typeof remote?.entry === 'string' && remote.entry.length > 0,
    )
  );
}

export const REMOTE_MANIFEST_PATH = '/remotes/manifest.json';
export const remoteBasePath = (name: TRemoteName) => `/remotes/${name}/`;
export const remoteEntryPath = (name: TRemoteName) => `${remoteBasePath(name)}remoteEntry.js`;

/** The manifest the edge and the dev server answer: each remote's entry on this origin unless `entries` moves it. */
export const buildRemoteManifest = (entries: Partial<Record<TRemoteName, string>> = {}): TRemoteManifest => ({
  remotes: REMOTE_NAMES.map((name) => ({ name, entry: entries[name] ?? remoteEntryPath(name) })),
});

/**
 * The landing page's first screen (its header and hero), rendered from the marketing remote's
 * components when that remote is built: `LANDING_PRERENDER_FILE` in its build folder holds one
 * element with the id `LANDING_PRERENDER_ID`. The edge puts it in the HTML for `/`, so the hero
 * paints before any script runs; the shell keeps its own tree hidden while that element is there
 * and removes it once the live landing page has rendered.
 */
export const LANDING_PRERENDER_ID = 'landing-prerender';
export const LANDING_PRERENDER_FILE = 'prerender/landing.html';

/**
 * A remote's standalone dev harness (`pnpm --filter mfe-<name> dev`) answers this path with
 * `THarnessApiStatus`: whether the API its `/api` calls go to answers, and how to start it. The page
 * shows it while the API is down. Development only; never served by a build.
 */
export const HARNESS_API_STATUS_PATH = '/__harness/api-status';

export interface THarnessApiStatus {
  /** `API_TARGET`: where the harness sends `/api/*`. */
  target: string;
  reachable: boolean;
  /** The command, run at the repository root, that starts an API at `target`; absent for a remote host. */
  startCommand?: string;
  /** One sentence for people: the target, and the command when there is one. */
  message: string;
}
