import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './paths.ts';

/**
 * The frontends' `api/` rule (docs/architecture.md §10), held by the build so it stays the rule: an
 * `api/` file calls one endpoint, and a query is built with `queryOptions` (the hook only spreads them),
 * so a loader, a cache write or a test gets the same key with the data's type.
 */

const FILES = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: REPO_ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((path) => existsSync(join(REPO_ROOT, path)));

const FRONTEND_SOURCE = FILES.filter(
  (path) =>
    /^(shell|mfe-[^/]+)\/src\/.+\.tsx?$/.test(path) ||
    /^packages\/(web-data|web-features)\/src\/.+\.tsx?$/.test(path),
).filter((path) => !/\.test\.tsx?$/.test(path) && !/\/(testing|dev)\//.test(path));

const API_FILES = FRONTEND_SOURCE.filter((path) => /\/api\/[^/]+\.tsx?$/.test(path));

/**
 * One user action the server serves with two endpoints: deleting one record (`DELETE …/:id`) or several
 * (`POST …/delete`), chosen by the count.
 */
const ONE_ACTION_TWO_ENDPOINTS = new Set(['mfe-database/src/features/extractions/api/delete-extractions.ts']);

/** The endpoints a file calls: descriptors of the contracts' tables and better-auth's or the streams' paths. */
function endpointsCalled(source: string): string[] {
  const called = source.match(/\b[A-Z]+_(?:ENDPOINTS|PATHS)\.[a-zA-Z]+/g) ?? [];
  return [...new Set(called.filter((name) => !name.startsWith('APP_PATHS.')))];
}

describe('frontend api/ files (docs/architecture.md §10)', () => {
  it('finds the files it checks', () => {
    expect(API_FILES.length).toBeGreaterThan(40);
  });

  it('an api/ file calls one endpoint', () => {
    const crowded = API_FILES.filter((path) => !ONE_ACTION_TWO_ENDPOINTS.has(path))
      .map((path) => ({ path, endpoints: endpointsCalled(readFileSync(join(REPO_ROOT, path), 'utf8')) }))
      .filter(({ endpoints }) => endpoints.length > 1);
    expect(crowded).toEqual([]);
  });

  it('every query is built with queryOptions: no hook writes its key and call inline', () => {
    const inline = FRONTEND_SOURCE.filter((path) =>
      /\buse(?:Infinite)?Query\(\{\s*queryKey\b/.test(readFileSync(join(REPO_ROOT, path), 'utf8')),
    );
    expect(inline).toEqual([]);
  });
});
