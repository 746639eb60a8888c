import { loadRemote, registerRemotes } from '@module-federation/runtime';
import type { TRemoteName } from '@prospector/contracts';
import { getRemoteManifest } from './remote-manifest.ts';
import { remoteNameOf, type TRemoteModuleId, type TRemotePageModule } from './remote-modules.ts';

const registered = new Set<TRemoteName>();

async function ensureRegistered(name: TRemoteName): Promise<void> {
  if (registered.has(name)) return;
  const manifest = await getRemoteManifest();
  const remote = manifest.remotes.find((candidate) => candidate.name === name);
  if (!remote) throw new Error(`The remote manifest does not list "${name}".`);
  // Registered lazily and once, so a remote that is never visited is never fetched.
  registerRemotes([{ name, entry: remote.entry, type: 'module' }]);
  registered.add(name);
}

/**
 * Loads one exposed page through the federation runtime. Nothing about a failure is cached: the
 * runtime drops a failed entry load, and browsers re-fetch a module whose fetch failed, so calling
 * this again is a real retry.
 */
export async function loadRemotePage(id: TRemoteModuleId): Promise<TRemotePageModule> {
  await ensureRegistered(remoteNameOf(id));
  const loaded = await loadRemote<Partial<TRemotePageModule>>(id).catch((error: unknown) => {
    throw readableLoadError(error);
  });
  if (typeof loaded?.default !== 'function') {
    throw new Error(`"${id}" does not export a page component.`);
  }
  return { default: loaded.default };
}

/**
 * The runtime reports an entry that could not be downloaded (RUNTIME-008) in several lines with a
 * docs link; the error card has room for one sentence naming the file.
 */
function readableLoadError(error: unknown): unknown {
  if (!(error instanceof Error) || !error.message.includes('RUNTIME-008')) return error;
  const url = /"resourceUrl":"([^"]+)"/.exec(error.message)?.[1];
  return url ? new Error(`Could not download ${url}.`, { cause: error }) : error;
}
