import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layering in biome.json, proved on fixtures: each file sits where its layer's code would, in a
 * copy of the workspace's Biome config, and Biome must reject exactly the imports across layers.
 */
const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const BIOME = join(REPO_ROOT, 'node_modules', '.bin', 'biome');

const FIXTURES: Record<string, { source: string; rule?: string }> = {
  'services/billing/src/imports-a-service.ts': {
    source:
      "import { createAccountService } from '@prospector/account';\nexport const x = createAccountService;\n",
    rule: 'noRestrictedImports',
  },
  'services/billing/src/imports-a-frontend.ts': {
    source: "import { useProfile } from '@prospector/web-data';\nexport const x = useProfile;\n",
    rule: 'noRestrictedImports',
  },
  'services/edge/src/reaches-into-a-folder.ts': {
    source: "import { x } from '../../../shell/dev-server.ts';\nexport const y = x;\n",
    rule: 'noRestrictedImports',
  },
  'shell/src/imports-a-server-package.ts': {
    source: "import { createLogger } from '@prospector/service-kit';\nexport const x = createLogger;\n",
    rule: 'noRestrictedImports',
  },
  'mfe-billing/src/imports-a-node-builtin.ts': {
    source: "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    rule: 'noRestrictedImports',
  },
  'packages/db/src/imports-an-app.ts': {
    source:
      "import { createBillingService } from '@prospector/billing';\nexport const x = createBillingService;\n",
    rule: 'noRestrictedImports',
  },
  'services/billing/src/reads-the-environment.ts': {
    source: 'export const port = process.env.PORT;\n',
    rule: 'noProcessEnv',
  },
  // Allowed: a service's env file reads the environment; browser code imports the browser packages.
  'services/billing/src/env.ts': { source: 'export const port = process.env.PORT;\n' },
  'shell/src/allowed.ts': {
    source:
      "import { PLANS } from '@prospector/contracts';\nimport { cn } from '@prospector/ui';\nimport { apiRequest } from '@prospector/web-data';\nexport const x = [PLANS, cn, apiRequest];\n",
  },
};

let workspace: string;
let report: string;

beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'prospector-boundaries-'));
  cpSync(join(REPO_ROOT, 'biome.json'), join(workspace, 'biome.json'));
  for (const [path, { source }] of Object.entries(FIXTURES)) {
    mkdirSync(join(workspace, dirname(path)), { recursive: true });
    writeFileSync(join(workspace, path), source);
  }
  const run = spawnSync(BIOME, ['lint', '--vcs-enabled=false', '--max-diagnostics=100', '.'], {
    cwd: workspace,
    encoding: 'utf8',
  });
  report = `${run.stdout}${run.stderr}`;
});

afterAll(() => rmSync(workspace, { recursive: true, force: true }));

/** The rules Biome reported for one file, e.g. `noRestrictedImports`. */
const rulesFor = (path: string) =>
  [...report.matchAll(new RegExp(`^${path.replaceAll('.', '\\.')}:\\d+:\\d+ lint/\\w+/(\\w+)`, 'gm'))].map(
    (match) => match[1],
  );

describe('layering enforced by Biome', () => {
  for (const [path, { rule }] of Object.entries(FIXTURES)) {
    it(rule ? `rejects ${path} (${rule})` : `accepts ${path}`, () => {
      expect(rulesFor(path)).toEqual(rule ? [rule] : []);
    });
  }
});
