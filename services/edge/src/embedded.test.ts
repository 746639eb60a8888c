import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
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

/** Whether the process `pid` is alive (a zombie, not yet reaped, counts as alive). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The cluster state PostgreSQL keeps in `global/pg_control`: 1 (DB_SHUTDOWNED) once a shutdown has
 * finished, the moment it logs "database system is shut down"; 6 (DB_IN_PRODUCTION) while it runs, and
 * still 6 after a crash or a kill. The `state` field follows the 64-bit system identifier and two 32-bit
 * version numbers (PostgreSQL's `src/include/catalog/pg_control.h`, unchanged since 9.x).
 */
function clusterState(clusterDir: string): number {
  return readFileSync(join(clusterDir, 'global', 'pg_control')).readUInt32LE(16);
}
const DB_SHUTDOWNED = 1;
const DB_IN_PRODUCTION = 6;

// In this file, after the test above, so the server is compiled once and no other start races it.
// A real terminal's Ctrl-C is a SIGINT to the whole foreground process group (pnpm, the shell pnpm runs
// the script in, node), unlike the signal to one process above. tmux gives them such a terminal, and in
// it an interactive bash, as a newcomer has: `pnpm start` typed at its prompt runs as a job, in a process
// group of its own that bash puts in the terminal's foreground and reaps, and the exit status bash
// records for it is the one the newcomer's shell sees (130 had pnpm died of the SIGINT).
//
// An earlier version ran `exec pnpm start` as the pane's own process and read tmux's
// `#{pane_dead_status}`: in about one round in three it stayed empty, read then as "ended by a signal".
// It was not: pnpm had called exit_group(0) (strace), and the tmux server had not reaped it. tmux (3.3a,
// built with libutempter as Debian builds it) handles the terminal's close first and calls
// utempter_remove_record, which forks its helper with SIGCHLD set to SIG_DFL until the helper is done
// (tmux issue 311); pnpm's own SIGCHLD, when it lands in that window, is dropped. The pane is dead
// (`#{pane_dead}` 1, no status) and pnpm a zombie child of the tmux server, the zombie seen in the
// group, until some later SIGCHLD: one sent to the server by hand made it reap pnpm and report status 0.
// Here bash is the pane's process, as in a newcomer's terminal: it reaps pnpm and records its exit status,
// so neither depends on tmux's bookkeeping.
describe.skipIf(!tmuxForTests('pnpm start in a terminal'))('pnpm start in a terminal', () => {
  it('stops the server and its embedded PostgreSQL within 5 s of Ctrl-C, cleanly, with a run under way, every time', async () => {
    const dataDir = createDataDir('prospector-ctrl-c-');
    const clusterDir = join(dataDir, 'postgres');
    const socket = `prospector-ctrl-c-${process.pid}`;
    // Each prompt bash shows appends the last command's exit status: the first line is its start's.
    const statusFile = join(dataDir, 'exit-statuses');
    const rcFile = join(dataDir, 'bashrc');
    writeFileSync(rcFile, `unset HISTFILE\nPS1='$ '\nPROMPT_COMMAND='echo "$?" >> ${statusFile}'\n`);
    const statuses = () =>
      existsSync(statusFile) ? readFileSync(statusFile, 'utf8').trim().split('\n') : [];
    // A tmux server of its own, started with the environment a newcomer's shell would have.
    const env = { ...userEnv(), DATA_DIR: dataDir, DATABASE_URL: '', NATS_URL: '', PUBLIC_URL: '' };
    const tmux = (...args: string[]) => {
      const result = spawnSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { env, encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`tmux ${args[0]} failed: ${result.stderr}`);
      return result.stdout.trim();
    };
    const terminal = () => tmux('capture-pane', '-p', '-J', '-S', '-', '-t', 'start');
    const controller = new AbortController();
    const started: number[] = [];
    try {
      tmux(
        'start-server',
        ';',
        'set-option',
        '-g',
        'history-limit',
        '50000',
        ';',
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
        `exec bash --noprofile --rcfile ${rcFile} -i`,
      );
      const shellPid = Number(tmux('display-message', '-p', '-t', 'start', '#{pane_pid}'));
      await expect.poll(() => statuses().length, { timeout: 30_000 }).toBe(1);

      for (const round of [1, 2]) {
        const port = await findFreePort();
        const url = `http://127.0.0.1:${port}`;
        const typed = `PORT=${port} pnpm start`;
        // Its output from this round on: the pane holds every round's.
        const output = () => {
          const all = terminal();
          return all.slice(all.lastIndexOf(typed));
        };
        const failWithTerminal = (error: Error): never => {
          throw new Error(`${error.message}\n--- round ${round}, its terminal ---\n${output()}`);
        };
        tmux('send-keys', '-t', 'start', '-l', typed);
        tmux('send-keys', '-t', 'start', 'Enter');
        // The job's process group, the terminal's foreground group while it runs, is led by pnpm.
        const foreground = () =>
          Number(spawnSync('ps', ['-o', 'tpgid=', '-p', String(shellPid)], { encoding: 'utf8' }).stdout);
        await expect
          .poll(() => foreground() > 0 && foreground() !== shellPid, { timeout: 30_000, interval: 50 })
          .toBe(true);
        const jobPid = foreground();
        started.push(-jobPid);
        // Generous under load; a start that ends (a failed compile, say) fails at once, with its output.
        const deadline = Date.now() + 180_000;
        while ((await answers(`${url}/api/account/health`)) !== 200) {
          if (!groupAlive(jobPid)) failWithTerminal(new Error('pnpm start ended before the server answered'));
          if (Date.now() > deadline) failWithTerminal(new Error('the server did not answer within 180 s'));
          await sleep(250);
        }

        // Work under way when Ctrl-C comes: a run fetching profiles and their websites, and a live stream.
        const user = await signUpVerifiedUser(url, { label: 'ctrl-c' });
        const headers = { cookie: user.cookie, origin: url, 'content-type': 'application/json' };
        const run = await fetch(`${url}${EXTRACTOR_PATHS.runs}`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            usernames: Array.from({ length: 20 }, (_, index) => `shop${round}${index}.website`),
            source: 'batch',
            websites: true,
          }),
        });
        expect(run.status).toBe(202);
        const { run: created } = (await run.json()) as { run: { id: string } };
        const live = await fetch(`${url}${EXTRACTOR_PATHS.events}`, { headers, signal: controller.signal });
        expect(live.status).toBe(200);
        const runUrl = `${url}${endpointPath({ path: EXTRACTOR_PATHS.run }, { runId: created.id })}`;
        await expect
          .poll(
            async () =>
              ((await (await fetch(runUrl, { headers })).json()) as { processed: number }).processed,
            { timeout: 60_000, interval: 100 },
          )
          .toBeGreaterThan(0);

        const postgresPid = Number.parseInt(
          readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '',
          10,
        );
        started.push(postgresPid);
        expect(alive(postgresPid) && groupAlive(jobPid)).toBe(true);
        expect(clusterState(clusterDir)).toBe(DB_IN_PRODUCTION);

        const pressedAt = Date.now();
        tmux('send-keys', '-t', 'start', 'C-c');
        // Gone: no process of the job left, not even a zombie, PostgreSQL's server too, and bash back
        // at its prompt with the job's exit status.
        const gone = () => !groupAlive(jobPid) && !alive(postgresPid) && statuses().length === round + 1;
        // When each part was gone, for the message when one is late.
        const goneAt: Record<string, number> = {};
        const watch = () => {
          const elapsed = Date.now() - pressedAt;
          if (!alive(postgresPid)) goneAt.postgres ??= elapsed;
          if (!groupAlive(jobPid)) goneAt.job ??= elapsed;
          return gone();
        };
        await expect.poll(watch, { timeout: 20_000, interval: 50 }).toBe(true).catch(failWithTerminal);
        const stoppedInMs = Date.now() - pressedAt;
        console.info(
          `pnpm start in a terminal, round ${round}: stopped ${stoppedInMs} ms after Ctrl-C (PostgreSQL gone after ${goneAt.postgres} ms, pnpm's job after ${goneAt.job} ms; Ctrl-C at ${new Date(pressedAt).toISOString()})`,
        );
        const printed = output();
        expect(stoppedInMs, `round ${round}\n${printed}`).toBeLessThan(5_000);
        // Cleanly: pnpm exited 0 (not 130, killed by the SIGINT), every service stopped before the database,
        // which finished its shutdown and removed its pid file.
        expect(statuses()[round], printed).toBe('0');
        for (const service of SERVICES)
          expect(printed, service.name).toMatch(
            new RegExp(`"service":"${service.name}","msg":"service stopped"`),
          );
        expect(printed).not.toContain('shutdown step failed');
        expect(printed).not.toContain('could not reach the database');
        expect(existsSync(join(clusterDir, 'postmaster.pid'))).toBe(false);
        expect(clusterState(clusterDir)).toBe(DB_SHUTDOWNED);
      }
    } finally {
      controller.abort();
      // After a failure: what it started, the server's group and PostgreSQL (a group of its own).
      for (const pid of started) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {}
      }
      spawnSync('tmux', ['-L', socket, 'kill-server'], { stdio: 'ignore' });
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 480_000);
});
