import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TRemoteName } from '@prospector/contracts';

export const SHELL_INDEX_HTML = '<!doctype html><html><body><div id="root">shell</div></body></html>';
export const remoteEntrySource = (name: TRemoteName) => `export const remote = '${name}';\n`;

/**
 * A workspace root laid out like a built one (`shell/dist`, `mfe-<name>/dist`), holding only the
 * given remotes, so tests can serve a deploy with a remote's files missing.
 */
export function createWebRoot({ remotes }: { remotes: TRemoteName[] }) {
  const root = mkdtempSync(join(tmpdir(), 'prospector-web-'));
  mkdirSync(join(root, 'shell', 'dist', 'assets'), { recursive: true });
  writeFileSync(join(root, 'shell', 'dist', 'index.html'), SHELL_INDEX_HTML);
  writeFileSync(join(root, 'shell', 'dist', 'assets', 'index-Bx7d9KQ2.js'), 'console.log("shell");\n');
  for (const name of remotes) {
    mkdirSync(join(root, `mfe-${name}`, 'dist'), { recursive: true });
    writeFileSync(join(root, `mfe-${name}`, 'dist', 'remoteEntry.js'), remoteEntrySource(name));
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** Polls `read` until it returns a value, for up to 30 s; `what` names what did not happen. */
export async function eventually<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
