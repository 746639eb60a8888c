import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { envFields } from '@prospector/config';
import { SERVICE_NAMES } from '@prospector/service-kit';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../paths.ts';

// No Docker engine runs here: docker-compose.scale.yml is checked for what it promises (a 3-node NATS
// cluster, R3 streams, 2 replicas of the extractor and account services) on top of docker-compose.yml.
// The topology itself runs as processes in product-tests/nats-cluster.test.ts.
interface TService {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  container_name?: string;
  deploy?: { replicas?: number };
  depends_on?: Record<string, { condition: string }>;
}
interface TCompose {
  services: Record<string, TService>;
  volumes?: Record<string, unknown>;
}
const read = (file: string) =>
  parse(readFileSync(join(REPO_ROOT, file), 'utf8'), { merge: true }) as TCompose;
const base = read('docker-compose.yml');
const scale = read('docker-compose.scale.yml');

/** What `docker compose -f docker-compose.yml -f docker-compose.scale.yml` runs: maps merged, lists replaced. */
const merged: TCompose = {
  services: Object.fromEntries(
    [...new Set([...Object.keys(base.services), ...Object.keys(scale.services)])].map((name) => {
      const a = base.services[name] ?? {};
      const b = scale.services[name] ?? {};
      return [
        name,
        {
          ...a,
          ...b,
          environment: { ...a.environment, ...b.environment },
          depends_on: { ...a.depends_on, ...b.depends_on },
        },
      ];
    }),
  ),
  volumes: { ...base.volumes, ...scale.volumes },
};
const NODES = ['nats', 'nats-2', 'nats-3'];
const option = (command: string[] | undefined, flag: string) => command?.[command.indexOf(flag) + 1];

describe('docker-compose.scale.yml', () => {
  it('only scales services docker-compose.yml defines, adding the two other NATS nodes', () => {
    const added = Object.keys(scale.services).filter((name) => !(name in base.services));
    expect(added.sort()).toEqual(['nats-2', 'nats-3']);
  });

  it('runs NATS as a 3-node JetStream cluster, each node on its own volume, routed to all three', () => {
    const names = new Set<string>();
    for (const node of NODES) {
      const definition = merged.services[node] as TService;
      expect(definition.image, node).toBe(base.services.nats?.image);
      expect(definition.command, node).toContain('-js');
      names.add(option(definition.command, '--name') as string);
      expect(option(definition.command, '--cluster_name'), node).toBe('prospector');
      const clusterPort = new URL(option(definition.command, '--cluster') as string).port;
      expect(option(definition.command, '--routes')?.split(',').sort()).toEqual(
        NODES.map((other) => `nats://${other}:${clusterPort}`).sort(),
      );
      const storeDir = option(definition.command, '-sd');
      const volume = definition.volumes?.find((entry) => entry.endsWith(`:${storeDir}`));
      expect(Object.keys(merged.volumes ?? {}), node).toContain(volume?.split(':')[0]);
    }
    expect(names.size).toBe(NODES.length);
    const volumes = NODES.map((node) => merged.services[node]?.volumes?.[0]);
    expect(new Set(volumes).size).toBe(NODES.length);
  });

  it.each(SERVICE_NAMES)('connects the %s service to every node, with R3 streams', (name) => {
    const definition = merged.services[name] as TService;
    const url = definition.environment?.NATS_URL as string;
    expect(envFields.natsUrl.safeParse(url).success).toBe(true);
    expect(url.split(',').map((server) => new URL(server).hostname)).toEqual(NODES);
    expect(envFields.natsStreamReplicas.parse(definition.environment?.NATS_STREAM_REPLICAS)).toBe(3);
    for (const node of NODES) expect(definition.depends_on?.[node]?.condition, node).toBe('service_healthy');
  });

  it.each(['extractor', 'account'])('runs 2 replicas of the %s service behind the edge', (name) => {
    const definition = merged.services[name] as TService;
    expect(definition.deploy?.replicas).toBeGreaterThanOrEqual(2);
    // A replica cannot share a fixed host port or container name; the edge reaches them by service name.
    expect(definition.ports).toBeUndefined();
    expect(definition.container_name).toBeUndefined();
    const edgeVariable = `${name.toUpperCase()}_SERVICE_URL`;
    expect(new URL(merged.services.edge?.environment?.[edgeVariable] as string).hostname).toBe(name);
  });
});
