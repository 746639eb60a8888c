import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TRemoteName } from '@prospector/contracts';

/** The workspace root, found from this file so the edge works from any working directory. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export const shellDist = (root = REPO_ROOT) => join(root, 'shell', 'dist');
export const remoteDist = (name: TRemoteName, root = REPO_ROOT) => join(root, `mfe-${name}`, 'dist');

export const isShellBuilt = (root = REPO_ROOT) => existsSync(join(shellDist(root), 'index.html'));
export const isRemoteBuilt = (name: TRemoteName, root = REPO_ROOT) =>
  existsSync(join(remoteDist(name, root), 'remoteEntry.js'));
