import { type TEventBus, withTimeout } from '@prospector/bus';
import { healthPath, type THealth } from '@prospector/contracts';
import { Hono } from 'hono';

export interface THealthProbes {
  database: { ping(): Promise<boolean> };
  bus: Pick<TEventBus, 'isHealthy'>;
}

const PROBE_TIMEOUT_MS = 2_000;

/** A probe that hangs counts as down: a health check must answer quickly either way. */
async function probe(check: () => Promise<boolean>): Promise<'up' | 'down'> {
  try {
    return (await withTimeout(check(), PROBE_TIMEOUT_MS, () => new Error('no answer'))) ? 'up' : 'down';
  } catch {
    return 'down';
  }
}

export async function checkHealth(service: string, probes: THealthProbes): Promise<THealth> {
  const [database, bus] = await Promise.all([
    probe(() => probes.database.ping()),
    probe(() => probes.bus.isHealthy()),
  ]);
  const down = (['database', 'bus'] as const).filter((name) => ({ database, bus })[name] === 'down');
  return { service, status: down.length ? 'degraded' : 'ok', checks: { database, bus }, down };
}

/** `GET /api/<service>/health`: 200 when database and bus are reachable, 503 naming what is down. */
export function createHealthRoutes(service: string, probes: THealthProbes) {
  return new Hono().get(healthPath(service), async (c) => {
    const health = await checkHealth(service, probes);
    return c.json(health, health.down.length ? 503 : 200);
  });
}
