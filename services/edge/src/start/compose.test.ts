import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { accountEnvShape } from '@prospector/account';
import { billingEnvShape } from '@prospector/billing';
import { extractorEnvShape } from '@prospector/extractor';
import { marketingEnvShape } from '@prospector/marketing';
import { SERVICE_NAMES, SERVICE_PORTS, standaloneEnvShape } from '@prospector/service-kit';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { edgeEnvShape } from '../env.ts';
import { REPO_ROOT } from '../paths.ts';
import { SERVER_ENTRIES } from './server-build.mjs';

// No Docker engine runs here, so the compose file is checked against the code instead of run.
interface TComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  profiles?: string[];
}
const compose = parse(readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, TComposeService>;
  volumes: Record<string, unknown>;
};
const service = (name: string): TComposeService => {
  const found = compose.services[name];
  if (!found) throw new Error(`docker-compose.yml has no service "${name}"`);
  return found;
};
const packageJson = (dir: string) =>
  JSON.parse(readFileSync(join(REPO_ROOT, dir, 'package.json'), 'utf8')) as {
    name: string;
    scripts?: Record<string, string>;
  };

/** Each deployable runs its compiled file straight under node (no pnpm, no TypeScript at run time). */
const compiledCommand = (name: string) => ['node', SERVER_ENTRIES[name]?.output];

describe('docker-compose.yml', () => {
  it('runs images that compile every deployable compose runs', () => {
    const dockerfile = readFileSync(join(REPO_ROOT, 'services/edge/Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^RUN pnpm install --frozen-lockfile && pnpm build$/m);
    const rootScripts = packageJson('.').scripts ?? {};
    expect(rootScripts.build).toContain('pnpm build:server');
    expect(rootScripts['build:server']).toBe('node services/edge/src/start/server-build.mjs');
    // Compiled files are built in the image, never copied from the build context.
    expect(readFileSync(join(REPO_ROOT, '.dockerignore'), 'utf8').split('\n')).toContain('**/dist');
  });

  it('pins every image to an explicit tag', () => {
    for (const [name, definition] of Object.entries(compose.services)) {
      expect(definition.image, name).toMatch(/^[\w./-]+:[\w.-]+$/);
      expect(definition.image, name).not.toMatch(/:latest$/);
    }
  });

  it('runs PostgreSQL and NATS with JetStream on a volume, both health-checked', () => {
    const nats = service('nats');
    expect(nats.command).toContain('-js');
    const storeDir = nats.command?.[nats.command.indexOf('-sd') + 1];
    expect(nats.volumes?.some((volume) => volume.endsWith(`:${storeDir}`))).toBe(true);
    expect(nats.healthcheck?.test.length).toBeGreaterThan(0);
    expect(service('postgres').healthcheck?.test.join(' ')).toContain('pg_isready');
    for (const volume of [...(nats.volumes ?? []), ...(service('postgres').volumes ?? [])]) {
      expect(Object.keys(compose.volumes)).toContain(volume.split(':')[0]);
    }
  });

  it.each(SERVICE_NAMES)('runs the %s service with the variables its env.ts reads', (name) => {
    const definition = service(name);
    const pkg = packageJson(`services/${name}`);
    expect(definition.command).toEqual(compiledCommand(name));
    expect(pkg.scripts?.start).toBe(`node ../edge/src/start/start-compiled.mjs ${name}`);
    const variables = Object.keys(definition.environment ?? {});
    type TShape = Record<string, { safeParse(value: unknown): { success: boolean } }>;
    const ownShapes: Partial<Record<string, TShape>> = {
      account: accountEnvShape,
      billing: billingEnvShape,
      extractor: extractorEnvShape,
      marketing: marketingEnvShape,
    };
    const shape: TShape = ownShapes[name] ?? standaloneEnvShape(0);
    // Every variable compose sets is one the service reads, and every one it requires is set.
    for (const variable of variables) expect(Object.keys(shape), variable).toContain(variable);
    const required = Object.keys(shape).filter((key) => !shape[key]?.safeParse(undefined).success);
    for (const variable of required) expect(variables, variable).toContain(variable);
    expect(definition.environment?.PORT).toBe(String(SERVICE_PORTS[name]));
    expect(definition.environment?.NATS_URL).toBe('nats://nats:4222');
    expect(definition.environment?.DATABASE_URL).toMatch(/@postgres:5432\//);
    if (name !== 'account') expect(definition.environment?.ACCOUNT_SERVICE_URL).toBe('http://account:3101');
    expect(definition.healthcheck?.test.join(' ')).toContain(
      `http://127.0.0.1:${SERVICE_PORTS[name]}/api/${name}/health`,
    );
    expect(definition.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(definition.depends_on?.nats?.condition).toBe('service_healthy');
    expect(existsSync(join(REPO_ROOT, definition.build?.dockerfile ?? 'missing'))).toBe(true);
  });

  it('fronts everything with the edge, pointing at each service by name', () => {
    const edge = service('edge');
    expect(edge.command).toEqual(compiledCommand('edge'));
    expect(packageJson('services/edge').scripts?.start).toBe('node src/start/start-compiled.mjs edge');
    const knownVariables = Object.keys(edgeEnvShape);
    for (const variable of Object.keys(edge.environment ?? {})) expect(knownVariables).toContain(variable);
    for (const name of SERVICE_NAMES) {
      expect(edge.environment?.[`${name.toUpperCase()}_SERVICE_URL`]).toBe(
        `http://${name}:${SERVICE_PORTS[name]}`,
      );
      expect(edge.depends_on?.[name]?.condition).toBe('service_healthy');
    }
    expect(edge.ports).toContain('3000:3000');
  });

  it('sends account mail to a health-checked mail catcher unless SMTP_URL is given', () => {
    const account = service('account');
    const mailpit = service('mailpit');
    expect(account.environment?.NODE_ENV).toBe('production');
    // Production requires SMTP_URL (account env.ts), so `docker compose up` must supply one by default.
    expect(account.environment?.SMTP_URL).toMatch(/^\$\{SMTP_URL:-smtp:\/\/mailpit:1025\}$/);
    expect(accountEnvShape.SMTP_URL.safeParse('smtp://mailpit:1025').success).toBe(true);
    expect(account.depends_on?.mailpit?.condition).toBe('service_healthy');
    expect(mailpit.image).toMatch(/^axllent\/mailpit:v\d+\.\d+\.\d+$/);
    expect(mailpit.healthcheck?.test.join(' ')).toContain('readyz');
    expect(mailpit.ports).toEqual(['127.0.0.1:8025:8025']);
  });

  it('has the edge sign the client address with one EDGE_SECRET, required, that the account and marketing services check', () => {
    const secret = service('edge').environment?.EDGE_SECRET;
    expect(secret).toMatch(/^\$\{EDGE_SECRET:\?.+\}$/);
    expect(service('edge').environment?.NODE_ENV).toBe('production');
    for (const name of ['account', 'marketing'])
      expect(service(name).environment?.EDGE_SECRET, name).toBe(secret);
  });

  it('publishes only the edge to other machines; helpers listen on this machine only', () => {
    for (const [name, definition] of Object.entries(compose.services)) {
      for (const port of definition.ports ?? []) {
        if (name === 'edge') continue;
        expect(port, `${name} publishes ${port}`).toMatch(/^127\.0\.0\.1:/);
      }
    }
  });

  it('runs billing in production, taking sandbox payments only through the explicit opt-in', () => {
    const billing = service('billing');
    expect(billing.environment?.NODE_ENV).toBe('production');
    expect(billing.environment?.ALLOW_SANDBOX_PAYMENTS).toMatch(/^\$\{ALLOW_SANDBOX_PAYMENTS:-true\}$/);
    expect(billingEnvShape.NODE_ENV.parse('production')).toBe('production');
  });

  it('declares no service the code does not have', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      [...SERVICE_NAMES, 'edge', 'mailpit', 'nats', 'postgres', 'prometheus', 'grafana'].sort(),
    );
  });

  it('runs Prometheus and Grafana only with the monitoring profile, scraping every service with METRICS_TOKEN', () => {
    for (const name of ['prometheus', 'grafana'])
      expect(service(name).profiles, name).toEqual(['monitoring']);
    for (const name of [...SERVICE_NAMES, 'edge']) {
      expect(service(name).profiles, name).toBeUndefined();
      expect(service(name).environment?.METRICS_TOKEN, name).toMatch(/^\$\{METRICS_TOKEN:-\}$/);
    }
    const prometheus = service('prometheus');
    const mounted = (prometheus.volumes ?? []).map((volume) => volume.split(':')[0] ?? '');
    for (const path of mounted.filter((path) => path.startsWith('./')))
      expect(existsSync(join(REPO_ROOT, path)), path).toBe(true);
    const config = parse(
      readFileSync(join(REPO_ROOT, 'services/edge/monitoring/prometheus.yml'), 'utf8'),
    ) as {
      scrape_configs: Array<{ static_configs: Array<{ targets: string[] }> }>;
    };
    const targets = config.scrape_configs.flatMap((job) => job.static_configs.flatMap((c) => c.targets));
    expect(targets.sort()).toEqual(
      [...SERVICE_NAMES.map((name) => `${name}:${SERVICE_PORTS[name]}`), 'edge:3000'].sort(),
    );
    const grafana = service('grafana');
    for (const path of (grafana.volumes ?? []).map((volume) => volume.split(':')[0] ?? ''))
      expect(existsSync(join(REPO_ROOT, path)), path).toBe(true);
    const dashboard = JSON.parse(
      readFileSync(join(REPO_ROOT, 'services/edge/monitoring/grafana/dashboards/prospector.json'), 'utf8'),
    ) as { panels: Array<{ targets: Array<{ expr: string }> }> };
    const queries = dashboard.panels
      .flatMap((panel) => panel.targets.map((target) => target.expr))
      .join('\n');
    for (const metric of [
      'http_request_duration_seconds_bucket',
      'nodejs_eventloop_lag_p99_seconds',
      'db_pool_connections',
      'outbox_oldest_unpublished_age_seconds',
      'bus_consumer_pending_messages',
    ])
      expect(queries).toContain(metric);
  });
});
