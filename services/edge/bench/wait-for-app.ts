import type { ChildProcess } from 'node:child_process';

/**
 * Waits until the app the bench started answers its health check (at most 2 minutes), and fails at
 * once if the process exits first.
 */
export async function waitForApp(child: ChildProcess, url: string): Promise<void> {
  for (let tries = 0; tries < 1200; tries += 1) {
    if (child.exitCode !== null) throw new Error(`the app exited (code ${child.exitCode}) before serving`);
    const ok = await fetch(`${url}/api/account/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the app did not start within 2 minutes');
}
