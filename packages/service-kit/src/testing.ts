import { type ChildProcess, spawn } from 'node:child_process';

/**
 * For crash tests: services started as child processes (a TypeScript entry run by tsx, as
 * `pnpm start` runs them), killed with SIGKILL mid-work and started again, and all killed at the end.
 */
export function createServiceChildren() {
  const running = new Set<ChildProcess>();
  return {
    /** Starts `script` with only PATH and `env` in its environment; its stdout is piped when asked. */
    spawn(script: string, options: { cwd: string; env: Record<string, string>; stdout?: 'pipe' | 'ignore' }) {
      const child = spawn(process.execPath, ['--import', 'tsx', script], {
        cwd: options.cwd,
        stdio: ['ignore', options.stdout ?? 'ignore', 'ignore'],
        env: { PATH: process.env.PATH, ...options.env },
      });
      running.add(child);
      child.once('exit', () => running.delete(child));
      return child;
    },

    /** SIGKILL, resolved once the process is gone. */
    async kill(child: ChildProcess): Promise<void> {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },

    /** Kills every child still running (for afterAll). */
    killAll(): void {
      for (const child of running) child.kill('SIGKILL');
    },
  };
}
