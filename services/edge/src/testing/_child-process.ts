// Helpers for tests that start a deployable as a child process and watch it stop.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { REPO_ROOT } from '../paths.ts';

/** Whether any process of the group led by `pid` is still alive. */
export function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The status `url` answers with, or undefined when nothing answers. */
export async function answers(url: string): Promise<number | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return undefined;
  }
}

/** A data folder that embedded PostgreSQL, run as the postgres user when tests run as root, can enter. */
export function createDataDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

export type TSpawnedDeployable = {
  readonly pid: number;
  /** Everything it has printed, stdout and stderr together. */
  output(): string;
  /** Sends `signal` and resolves with the exit code. */
  stop(signal: NodeJS.Signals): Promise<number | null>;
  /** Kills whatever of its process group is still running. */
  kill(): void;
};

/**
 * Whether tmux is there for a suite that drives a real terminal. Without it the suite is skipped with a
 * line saying so, except with CI set, where it fails: CI installs tmux (`.ci/run`).
 */
export function tmuxForTests(suite: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (spawnSync('tmux', ['-V'], { stdio: 'ignore' }).status === 0) return true;
  if (env.CI)
    throw new Error(
      `${suite} needs tmux, and CI is set: install it (apt-get install tmux) instead of skipping.`,
    );
  console.warn(`[${suite}] skipped: no tmux on PATH (apt-get install tmux).`);
  return false;
}

/**
 * This process's environment without what vitest adds (VITEST*, NODE_ENV=test, TEST): under those, a
 * frontend build the child starts fails (the federation plugin sees a test run and emits no entry).
 */
export function userEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name, value]) =>
        !name.startsWith('VITEST') && name !== 'TEST' && !(name === 'NODE_ENV' && value === 'test'),
    ),
  );
}

/**
 * Starts a deployable (`script`, from the repository root, with `args`) as a newcomer runs it: embedded
 * PostgreSQL in `dataDir`, in-process bus, in a process group of its own so a test can tell when every
 * process it started is gone. A TypeScript script runs under tsx, a JavaScript one as it is.
 */
export function spawnDeployable(
  script: string,
  dataDir: string,
  env: Record<string, string>,
  args: string[] = [],
): TSpawnedDeployable {
  const nodeArgs = script.endsWith('.ts') ? ['--import', 'tsx', script, ...args] : [script, ...args];
  const child = spawn(process.execPath, nodeArgs, {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...userEnv(), DATA_DIR: dataDir, DATABASE_URL: '', NATS_URL: '', PUBLIC_URL: '', ...env },
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const pid = child.pid as number;
  return {
    pid,
    output: () => output,
    stop(signal) {
      child.kill(signal);
      return exited;
    },
    kill() {
      if (groupAlive(pid)) process.kill(-pid, 'SIGKILL');
    },
  };
}

/**
 * For a test file that starts a deployable: a data folder of its own, and `start` to spawn the deployable in it.
 * After the file's tests, whatever it left running is killed and the folder removed.
 */
export function useDeployable(dataDirPrefix: string) {
  const dataDir = createDataDir(dataDirPrefix);
  let started: TSpawnedDeployable | undefined;
  afterAll(() => {
    started?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    dataDir,
    start: (script: string, env: Record<string, string>, args: string[] = []) => {
      started = spawnDeployable(script, dataDir, env, args);
      return started;
    },
  };
}
