/**
 * Open-loop load at a steady arrival rate: one request every 1000/rate ms, on schedule whether or not
 * earlier answers have come back (a new keep-alive connection opens when every open one is busy).
 * autocannon's rate limit cannot do this: each of its connections sends its share of a second back
 * to back at the start of every second, all connections on the same tick, so `-R 500 -c 50` arrives
 * as a 50-deep burst once a second (see docs/benchmarks/bench-api.md, "Method").
 */
import { Agent, request } from 'node:http';

export interface TSteadyLoadResult {
  /** Each answered request's latency in ms (its scheduled time → last byte of the answer), ascending. */
  latencies: number[];
  /** Requests that got a 2xx answer, per second of the run. */
  rps: number;
  /** Answers that were not 2xx, plus requests that failed. */
  errors: number;
  /** The errors by status code or error code (`503`, `ECONNRESET`). */
  errorKinds: Record<string, number>;
  /** How late this process sent requests against their schedule (ms, p99 and max): its own accuracy. */
  sendLag: { p99: number; max: number };
  /** The most connections open at once. */
  connections: number;
}

/** The value at `share` (0–1) of an ascending list; 0 when it is empty. */
export function percentile(sorted: number[], share: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

/**
 * Sends `rate` requests a second to `url` for `duration` seconds, evenly spaced, after `warmup`
 * seconds at the same rate that are not measured (connections open and the JIT settles there).
 */
export async function steadyLoad(options: {
  url: string;
  rate: number;
  duration: number;
  warmup?: number;
  headers?: Record<string, string>;
}): Promise<TSteadyLoadResult> {
  const { rate, duration } = options;
  const warmup = options.warmup ?? 1;
  const target = new URL(options.url);
  // Idle connections close after 4 s, before the server's 5 s keep-alive timeout, so no request is
  // sent on a connection the server is closing (an ECONNRESET that would count as the app's error).
  const agent = new Agent({
    keepAlive: true,
    maxSockets: Number.POSITIVE_INFINITY,
    scheduling: 'lifo',
    timeout: 4_000,
  });
  const spacing = 1000 / rate;
  const measuredFrom = Math.round(rate * warmup);
  const total = measuredFrom + Math.round(rate * duration);
  const latencies: number[] = [];
  const lags: number[] = [];
  let errors = 0;
  const errorKinds: Record<string, number> = {};
  const countError = (kind: string) => {
    errors += 1;
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
  };
  let open = 0;
  let connections = 0;
  let settled = 0;

  const start = performance.now() + 20;
  const finished = new Promise<void>((resolve) => {
    const done = () => {
      settled += 1;
      if (settled === total) resolve();
    };
    const send = (index: number, due: number) => {
      const sentAt = performance.now();
      const measured = index >= measuredFrom;
      if (measured) lags.push(sentAt - due);
      const req = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: `${target.pathname}${target.search}`,
          headers: options.headers,
        },
        (res) => {
          res.resume();
          res.once('end', () => {
            const ok = (res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300;
            if (measured) {
              // From the request's scheduled time: a late send (this process or the app busy) counts.
              if (ok) latencies.push(performance.now() - due);
              else countError(String(res.statusCode));
            }
            done();
          });
        },
      );
      req.once('socket', (socket) => {
        if ((socket as { counted?: boolean }).counted) return;
        (socket as { counted?: boolean }).counted = true;
        open += 1;
        connections = Math.max(connections, open);
        socket.once('close', () => {
          open -= 1;
        });
      });
      req.once('error', (error: NodeJS.ErrnoException) => {
        if (measured) countError(error.code ?? error.message);
        done();
      });
      req.end();
    };
    let next = 0;
    const pump = () => {
      const now = performance.now();
      for (; next < total && start + next * spacing <= now; next += 1) send(next, start + next * spacing);
      if (next < total) setTimeout(pump, Math.max(0, start + next * spacing - performance.now()));
    };
    setTimeout(pump, Math.max(0, start - performance.now()));
  });
  await finished;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  return {
    latencies,
    rps: latencies.length / duration,
    errors,
    errorKinds,
    sendLag: { p99: percentile(lags, 0.99), max: lags.at(-1) ?? 0 },
    connections,
  };
}
