import { z } from 'zod';

/** The four remotes the shell composes, and the routes each one owns. */
export const REMOTE_NAMES = ['marketing', 'extractor', 'database', 'billing'] as const;
export type TRemoteName = (typeof REMOTE_NAMES)[number];

/**
 * Runtime manifest the shell fetches from `/remotes/manifest.json` before rendering a remote.
 * `entry` is the URL of the remote's `remoteEntry.js` (absolute or same-origin path), so a remote can
 * be moved or redeployed without rebuilding the shell.
 */
export const ZRemoteManifestSchema = z.object({
  remotes: z.array(z.object({ name: z.enum(REMOTE_NAMES), entry: z.string().min(1) })),
});
export type TRemoteManifest = z.infer<typeof ZRemoteManifestSchema>;

export const REMOTE_MANIFEST_PATH = '/remotes/manifest.json';
export const remoteBasePath = (name: TRemoteName) => `/remotes/${name}/`;
export const remoteEntryPath = (name: TRemoteName) => `${remoteBasePath(name)}remoteEntry.js`;
