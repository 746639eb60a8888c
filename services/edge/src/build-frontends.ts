import { spawn } from 'node:child_process';
import { REMOTE_NAMES } from '@prospector/contracts';
import { isRemoteBuilt, isShellBuilt, REPO_ROOT } from './paths.ts';

/** Package names of the frontends whose `dist/` is missing. */
export function unbuiltFrontends(root = REPO_ROOT): string[] {
  return [
    ...(isShellBuilt(root) ? [] : ['shell']),
    ...REMOTE_NAMES.filter((name) => !isRemoteBuilt(name, root)).map((name) => `mfe-${name}`),
  ];
}

/** Builds only what is not built yet, so a second `pnpm start` begins serving at once. */
export async function buildMissingFrontends(log: (line: string) => void, root = REPO_ROOT): Promise<void> {
  const missing = unbuiltFrontends(root);
  if (missing.length === 0) return;
  log(`Building ${missing.join(', ')} (first start only)…`);
  const filters = missing.flatMap((name) => ['--filter', name]);
  await new Promise<void>((resolve, reject) => {
    const child = spawn('pnpm', [...filters, 'build'], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', (error) =>
      reject(new Error(`Could not run pnpm to build the web app: ${error.message}`)),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Building the web app failed (exit code ${code}).`)),
    );
  });
}
