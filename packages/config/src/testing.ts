import { vi } from 'vitest';

/** The variables every service's process needs, pointing at the test PostgreSQL and NATS. */
export const SERVICE_ENV = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
  NATS_URL: 'nats://127.0.0.1:4222',
};

/** Sets each variable in `process.env` for the running test; `vi.unstubAllEnvs()` puts them back. */
export function stubEnvs(variables: Record<string, string>): void {
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
}

/** What a deployable's env loader printed and the status it exited with, had it run as its process. */
export interface TEnvLoadFailure {
  exitCode: number | undefined;
  stderr: string;
}

class ExitCalled extends Error {
  constructor(readonly code: number | undefined) {
    super(`process.exit(${code})`);
  }
}

/**
 * Runs an env loader that ends the process on bad input (`exitOnEnvError`) without ending the test
 * process: the exit and what was written to stderr are caught and returned. Throws if it loaded.
 */
export function captureEnvLoadFailure(load: () => unknown): TEnvLoadFailure {
  const { exit } = process;
  const write = process.stderr.write;
  let stderr = '';
  process.exit = ((code?: number) => {
    throw new ExitCalled(code);
  }) as typeof process.exit;
  process.stderr.write = ((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  }) as typeof process.stderr.write;
  try {
    load();
  } catch (error) {
    if (error instanceof ExitCalled) return { exitCode: error.code, stderr };
    throw error;
  } finally {
    process.exit = exit;
    process.stderr.write = write;
  }
  throw new Error('The environment loaded without an error.');
}
