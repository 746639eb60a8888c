import { createRequire } from 'node:module';
import { join } from 'node:path';
import { REPO_ROOT } from '../src/paths.ts';

/**
 * A bare Node `http` server answering 200 on `PORT`, as a command: the same-run baseline of the benches
 * (what any Node server costs to start, or serves at saturation, on this machine at this load).
 */
export const BARE_SERVER = [
  process.execPath,
  '-e',
  "require('node:http').createServer((q, s) => s.end('ok')).listen(+process.env.PORT, '127.0.0.1'); process.on('SIGINT', () => process.exit(0));",
];

/** postgres.js, the services' client, as the database package resolves it. */
const postgresModule = createRequire(join(REPO_ROOT, 'packages/db/package.json')).resolve('postgres');

/**
 * The same bare server asking PostgreSQL (`DATABASE_URL`) one prepared query per request, with
 * postgres.js and a service's pool size: the most a read that goes to the database can serve from one
 * Node process, on this machine, against the same PostgreSQL (`pnpm bench:api`'s second baseline).
 */
export const BARE_QUERY_SERVER = [
  process.execPath,
  '-e',
  `const sql = require(${JSON.stringify(postgresModule)})(process.env.DATABASE_URL, { max: 4 });
require('node:http').createServer(async (q, s) => {
  const [row] = await sql.unsafe('select $1::int as one', [1], { prepare: true });
  s.end(String(row.one));
}).listen(+process.env.PORT, '127.0.0.1');
process.on('SIGINT', () => process.exit(0));`,
];
