import type { TEventBus } from '@prospector/bus';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * One registry per process: in embedded mode every service reports into it (labelled by service),
 * in distributed mode each service process has its own. Node's default metrics come with it,
 * among them event-loop delay (`nodejs_eventloop_lag_*`, from monitorEventLoopDelay).
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });

/** Latency per route pattern (never the raw path, which would make one series per user id). */
export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request latency by service, method, route pattern and status.',
  labelNames: ['service', 'method', 'route', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

interface TOutboxSource {
  service: string;
  oldestUnpublishedAt(): Date | null;
}
const outboxSources = new Set<TOutboxSource>();

new Gauge({
  name: 'outbox_oldest_unpublished_age_seconds',
  help: 'Age of the oldest outbox row not yet published on the bus (0 when none): the outbox lag.',
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    const now = Date.now();
    for (const source of outboxSources) {
      const oldest = source.oldestUnpublishedAt();
      this.set({ service: source.service }, oldest ? Math.max(0, (now - oldest.getTime()) / 1000) : 0);
    }
  },
});

/** Reports a service's outbox lag from its relay until the returned function is called. */
export function trackOutboxLag(source: TOutboxSource): () => void {
  outboxSources.add(source);
  return () => outboxSources.delete(source);
}

interface TPoolSource {
  service: string;
  max: number;
  /** Connections of this pool by state, as PostgreSQL sees them (pg_stat_activity). */
  connectionsByState(): Promise<Array<{ state: string; count: number }>>;
}
const poolSources = new Set<TPoolSource>();

new Gauge({
  name: 'db_pool_max_connections',
  help: "The service's connection pool size.",
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const source of poolSources) this.set({ service: source.service }, source.max);
  },
});

new Gauge({
  name: 'db_pool_connections',
  help: "The service's open connections by state (active = running a query, idle, idle in transaction).",
  labelNames: ['service', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    await Promise.all(
      [...poolSources].map(async (source) => {
        try {
          for (const { state, count } of await source.connectionsByState())
            this.set({ service: source.service, state }, count);
        } catch {
          // A database that cannot answer has no pool figures; health reports the outage.
        }
      }),
    );
  },
});

/** Reports a service's pool use until the returned function is called. */
export function trackPool(source: TPoolSource): () => void {
  poolSources.add(source);
  return () => poolSources.delete(source);
}

type TBusSource = Pick<TEventBus, 'consumerLag'>;
// Embedded services share one bus: count its users so it is reported once, until the last stops.
const busSources = new Map<TBusSource, number>();

for (const [name, help, figure] of [
  [
    'bus_consumer_pending_messages',
    'Messages a durable consumer has not been given yet (NATS num_pending): consumer lag.',
    'pending',
  ],
  [
    'bus_consumer_ack_pending_messages',
    'Messages a durable consumer was given but has not acknowledged (NATS num_ack_pending).',
    'ackPending',
  ],
] as const) {
  new Gauge({
    name,
    help,
    labelNames: ['stream', 'durable'] as const,
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      const lags = await Promise.all([...busSources.keys()].map((bus) => bus.consumerLag().catch(() => [])));
      for (const lag of lags.flat()) this.set({ stream: lag.stream, durable: lag.durable }, lag[figure]);
    },
  });
}

/** Reports the bus's consumer lag per durable until the returned function is called. */
export function trackBusLag(bus: TBusSource): () => void {
  busSources.set(bus, (busSources.get(bus) ?? 0) + 1);
  let tracked = true;
  return () => {
    if (!tracked) return;
    tracked = false;
    const users = (busSources.get(bus) ?? 1) - 1;
    if (users > 0) busSources.set(bus, users);
    else busSources.delete(bus);
  };
}
