import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { EXTRACTOR_PATHS, endpointPath } from '@prospector/contracts';
import { findFreePort } from '@prospector/db';
import { describe, expect, it } from 'vitest';
import { signUpVerifiedUser } from '../bench/sign-up-user.ts';
import { SERVICES } from './composition/services.ts';
import { REPO_ROOT, rootStartCommand } from './paths.ts';
import { isStale, SERVER_ENTRIES, stampPath } from './start/server-build.mjs';
import {
  answers,
  createDataDir,
  groupAlive,
  groupRunning,
  tmuxForTests,
  useDeployable,
  userEnv,
} from './testing/_child-process.ts';

/** The root package's `start` script, the README's run command: node, the launcher and its arguments. */
function startCommand() {
  const [runtime, script = '', ...args] = rootStartCommand();
  return { runtime, script, args };
}

// `pnpm start` as a newcomer runs it (embedded PostgreSQL, in-process bus), stopped with Ctrl-C.
describe('pnpm start', () => {
  const deployable = useDeployable('prospector-start-');

  it('runs the compiled server, which answers for every service and the web app and stops on Ctrl-C after every service has stopped and the database is shut down', async () => {
    const port = await findFreePort();
    const command = startCommand();
    // Compiled JavaScript, compiled first when stale: no TypeScript compiler at run time.
    expect(command.runtime).toBe('node');
    expect(command.script).toMatch(/\.mjs$/);
    // A build it cannot trust (here: no stamp, as after a build that stopped part way) is compiled again.
    const compiled = SERVER_ENTRIES.embedded as { source: string; output: string };
    rmSync(join(REPO_ROOT, stampPath(compiled.output)), { force: true });
    const app = deployable.start(command.script, { PORT: String(port), LOG_LEVEL: 'info' }, command.args);

    await expect
      .poll(() => answers(`http://127.0.0.1:${port}/api/account/health`), { timeout: 150_000, interval: 500 })
      .toBe(200)
      .catch((error: Error) => {
        throw new Error(`${error.message}\n--- its output ---\n${app.output()}`);
      });
    // Each service applied its migrations, found beside its sources, and the web app its build.
    for (const service of SERVICES) {
      expect(await answers(`http://127.0.0.1:${port}/api/${service.name}/health`), service.name).toBe(200);
    }
    expect(await answers(`http://127.0.0.1:${port}/`)).toBe(200);
    expect(app.output()).toContain('Compiling the server (embedded: not compiled yet, or changed since)');
    expect(isStale(compiled)).toBe(false);

    expect(await app.stop('SIGINT'), app.output()).toBe(0);
    const stopped = app
      .output()
      .split('\n')
      .filter((line) => line.includes('"msg":"service stopped"'))
      .map((line) => (JSON.parse(line) as { service: string }).service)
      .sort();
    expect(stopped).toEqual(SERVICES.map((service) => service.name).sort());
    expect(existsSync(join(deployable.dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    await expect.poll(() => groupAlive(app.pid), { timeout: 15_000 }).toBe(false);
  }, 240_000);
});

/** Whether the process `pid` is alive. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// In this file, after the test above, so the server is compiled once and no other start races it.
// A real terminal's Ctrl-C is a SIGINT to the whole foreground process group (pnpm, node and whatever
// they started), unlike the signal to one process above: tmux gives `pnpm start` such a terminal.
describe.skipIf(!tmuxForTests('pnpm start in a terminal'))('pnpm start in a terminal', () => {
  // Skipped, not passing: the server and PostgreSQL stop about 1.2 s after Ctrl-C, but in about one round
  // in three tmux records no exit status for the pane (the process ended by a signal, not its exit(0)).
  // Left open in issue 36 §4 until that is found; run it with `it` to see.
  it.skip('stops the server and its embedded PostgreSQL within 5 s of Ctrl-C, with a run under way, every time', async () => {
    const dataDir = createDataDir('prospector-ctrl-c-');
    const socket = `prospector-ctrl-c-${process.pid}`;
    // A tmux server of its own, started with the environment a newcomer's shell would have.
    const env = { ...userEnv(), DATA_DIR: dataDir, DATABASE_URL: '', NATS_URL: '', PUBLIC_URL: '' };
    const tmux = (...args: string[]) => {
      const result = spawnSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { env, encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`tmux ${args[0]} failed: ${result.stderr}`);
      return result.stdout.trim();
    };
    const controller = new AbortController();
    try {
      for (const round of [1, 2]) {
        const port = await findFreePort();
        const url = `http://127.0.0.1:${port}`;
        // The pane stays after the command ends, so its exit status and output can be read.
        tmux(
          'new-session',
          '-d',
          '-s',
          'start',
          '-x',
          '200',
          '-y',
          '50',
          '-c',
          REPO_ROOT,
          `PORT=${port} exec pnpm start`,
        );
        tmux('set-option', '-w', '-t', 'start', 'remain-on-exit', 'on');
        tmux('set-option', '-t', 'start', 'history-limit', '20000');
        const output = () => tmux('capture-pane', '-p', '-J', '-S', '-', '-t', 'start');
        await expect
          .poll(() => answers(`${url}/api/account/health`), { timeout: 150_000, interval: 250 })
          .toBe(200)
          .catch((error: Error) => {
            throw new Error(`${error.message}\n--- round ${round}, its terminal ---\n${output()}`);
          });

        // Work under way when Ctrl-C comes: a run fetching profiles and their websites, and a live stream.
        const user = await signUpVerifiedUser(url, { label: 'ctrl-c' });
        const headers = { cookie: user.cookie, origin: url, 'content-type': 'application/json' };
        const started = await fetch(`${url}${EXTRACTOR_PATHS.runs}`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            usernames: Array.from({ length: 20 }, (_, index) => `shop${round}${index}.website`),
            source: 'batch',
            websites: true,
          }),
        });
        expect(started.status).toBe(202);
        const { run } = (await started.json()) as { run: { id: string } };
        const live = await fetch(`${url}${EXTRACTOR_PATHS.events}`, { headers, signal: controller.signal });
        expect(live.status).toBe(200);
        await expect
          .poll(
            async () => {
              const answer = await fetch(
                `${url}${endpointPath({ path: EXTRACTOR_PATHS.run }, { runId: run.id })}`,
                {
                  headers,
                },
              );
              return ((await answer.json()) as { processed: number }).processed;
            },
            { timeout: 20_000, interval: 100 },
          )
          .toBeGreaterThan(0);

        const postgresPid = Number.parseInt(
          readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0] ?? '',
          10,
        );
        const panePid = Number(tmux('display-message', '-p', '-t', 'start', '#{pane_pid}'));
        expect(alive(postgresPid) && groupAlive(panePid)).toBe(true);

        const pressedAt = Date.now();
        tmux('send-keys', '-t', 'start', 'C-c');
        const gone = () =>
          tmux('display-message', '-p', '-t', 'start', '#{pane_dead}') === '1' &&
          !groupRunning(panePid) &&
          !alive(postgresPid);
        await expect
          .poll(gone, { timeout: 20_000, interval: 50 })
          .toBe(true)
          .catch((error: Error) => {
            throw new Error(`${error.message}\n--- round ${round}, its terminal ---\n${output()}`);
          });
        const stoppedInMs = Date.now() - pressedAt;
        console.info(`pnpm start in a terminal, round ${round}: stopped ${stoppedInMs} ms after Ctrl-C`);
        const terminal = output();
        expect(stoppedInMs, `round ${round}\n${terminal}`).toBeLessThan(5_000);
        // Cleanly: every service stopped before the database, which shut down and removed its pid file.
        expect(tmux('display-message', '-p', '-t', 'start', '#{pane_dead_status}'), terminal).toBe('0');
        for (const service of SERVICES)
          expect(terminal, service.name).toMatch(
            new RegExp(`"service":"${service.name}","msg":"service stopped"`),
          );
        expect(terminal).not.toContain('shutdown step failed');
        expect(terminal).not.toContain('could not reach the database');
        expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
        tmux('kill-session', '-t', 'start');
      }
    } finally {
      controller.abort();
      spawnSync('tmux', ['-L', socket, 'kill-server'], { stdio: 'ignore' });
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
