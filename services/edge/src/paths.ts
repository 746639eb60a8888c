import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TRemoteName } from '@prospector/contracts';

/** The workspace root, found from this file so the edge works from any working directory. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export const shellDist = (root = REPO_ROOT) => join(root, 'shell', 'dist');
export const remoteDist = (name: TRemoteName, root = REPO_ROOT) => join(root, `mfe-${name}`, 'dist');

/** The root package's `start` script (the README's run command), as words: `node`, the launcher, its arguments. */
export function rootStartCommand(root = REPO_ROOT): string[] {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return (scripts.start ?? '').split(/\s+/);
}
