/**
 * For the shell's end-to-end journeys (started by its playwright.config.ts): the embedded
 * composition serving a deploy whose billing remote files are missing: the shell and
 * the other remotes come from this workspace's builds, linked into a web root of its own
 * (E2E_MISSING_REMOTE_ROOT); `mfe-billing/dist` is absent until a test links it in.
 */
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createLogger, onShutdown } from '@prospector/service-kit';
import { startEmbedded } from '../src/composition/start-embedded.ts';
import { loadEmbeddedEnv } from '../src/env.ts';

const repoRoot = resolve(import.meta.dirname, '../../..');
const webRoot = process.env.E2E_MISSING_REMOTE_ROOT;
if (!webRoot) {
  process.stderr.write('start-missing-remote needs E2E_MISSING_REMOTE_ROOT\n');
  process.exit(1);
}

rmSync(webRoot, { recursive: true, force: true });
for (const frontend of ['shell', 'mfe-marketing', 'mfe-extractor', 'mfe-database']) {
  mkdirSync(join(webRoot, frontend), { recursive: true });
  symlinkSync(join(repoRoot, frontend, 'dist'), join(webRoot, frontend, 'dist'));
}
mkdirSync(join(webRoot, 'mfe-billing'));

const env = loadEmbeddedEnv();
const logger = createLogger({ service: 'missing-remote' }, env.LOG_LEVEL);
const server = await startEmbedded({
  port: env.PORT,
  host: env.HOST,
  dataDir: env.DATA_DIR,
  logger,
  web: { root: webRoot },
  account: env.account,
  billing: env.billing,
});
onShutdown(logger, [() => server.stop(), async () => rmSync(webRoot, { recursive: true, force: true })]);
