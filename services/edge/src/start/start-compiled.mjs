// @ts-check
/**
 * Runs a deployable compiled: `node services/edge/src/start/start-compiled.mjs <name>` (a name of
 * `SERVER_ENTRIES`: `embedded` for `pnpm start`, `edge`, or a service). Compiles it first when it has
 * no build or its sources changed since (`server-build.mjs`), then imports the compiled file.
 */
import { pathToFileURL } from 'node:url';
import { buildStaleServer, REPO_ROOT, SERVER_ENTRIES } from './server-build.mjs';

const name = process.argv[2] ?? '';
const entry = SERVER_ENTRIES[name];
if (!entry) {
  process.stderr.write(`Usage: start-compiled.mjs <${Object.keys(SERVER_ENTRIES).join('|')}>\n`);
  process.exit(2);
}
try {
  await buildStaleServer([name], (line) => process.stdout.write(`${line}\n`));
} catch (error) {
  process.stderr.write(
    `Prospector could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
await import(pathToFileURL(`${REPO_ROOT}/${entry.output}`).href);
