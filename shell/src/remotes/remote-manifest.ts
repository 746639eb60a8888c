import { isRemoteManifest, REMOTE_MANIFEST_PATH, type TRemoteManifest } from '@prospector/contracts';

let manifestRequest: Promise<TRemoteManifest> | undefined;

/**
 * The manifest is fetched once per page load and shared by every remote. A failed fetch is not
 * kept, so the next attempt (e.g. the error card's "Try again") asks the server again.
 */
export function getRemoteManifest(): Promise<TRemoteManifest> {
  manifestRequest ??= requestManifest().catch((error: unknown) => {
    manifestRequest = undefined;
    throw error;
  });
  return manifestRequest;
}

async function requestManifest(): Promise<TRemoteManifest> {
  const response = await fetch(REMOTE_MANIFEST_PATH, { headers: { accept: 'application/json' } });
  if (!response.ok) {
    throw new Error(`The remote manifest could not be loaded (HTTP ${response.status}).`);
  }
  const manifest: unknown = await response.json();
  if (!isRemoteManifest(manifest)) throw new Error('The remote manifest is malformed.');
  return manifest;
}
