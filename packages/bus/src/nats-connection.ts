import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { createUnavailableError } from './bus-errors.ts';
import { withTimeout } from './in-flight.ts';
import { consoleBusLogger, type TBusLogger } from './logger.ts';
import { createNaming } from './naming.ts';
import type { TNatsConsumerContext } from './nats-consumer.ts';

export interface TNatsBusOptions {
  /** One server, or several comma-separated (the nodes of a cluster): the client fails over between them. */
  url: string;
  /** Prefix for stream names (`ns_ACCOUNTS`) and subjects (`ns.accounts.created`). */
  namespace?: string;
  /** Connection name shown by the NATS server's monitoring. */
  name?: string;
  logger?: TBusLogger;
  /** Copies of each stream JetStream keeps (`num_replicas`): 1 on one server, 3 on a 3-node cluster. */
  streamReplicas?: number;
}

/** A live NATS connection with JetStream, and whether the server is reachable right now. */
export interface TNatsConnection extends TNatsConsumerContext {
  isConnected(): boolean;
  /** `TNatsBusOptions.streamReplicas`, 1 unless given. */
  streamReplicas: number;
}

const API_TIMEOUT_MS = 5_000;
const HEALTH_TIMEOUT_MS = 2_000;

/** Connects (reconnecting for as long as the process lives) and checks that JetStream is enabled. */
export async function connectNats(options: TNatsBusOptions): Promise<TNatsConnection> {
  let nc: NatsConnection;
  try {
    nc = await connect({
      servers: natsServers(options.url),
      name: options.name,
      // Keep trying for as long as the process lives: a NATS restart must not need a service restart.
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      timeout: API_TIMEOUT_MS,
    });
  } catch (error) {
    throw createUnavailableError(`cannot connect to ${options.url}`, error);
  }
  try {
    const jsm = await jetstreamManager(nc, { timeout: API_TIMEOUT_MS });
    const js = jetstream(nc, { timeout: API_TIMEOUT_MS });
    const clients = {
      js,
      jsm,
      naming: createNaming(options.namespace),
      streamReplicas: options.streamReplicas ?? 1,
    };
    return watchConnection(nc, clients, options.logger);
  } catch (error) {
    await nc.close();
    throw createUnavailableError(
      `JetStream is not enabled on ${options.url} (run nats-server with -js)`,
      error,
    );
  }
}

/** `nats://a:4222,nats://b:4222` as the list the client connects to (and reconnects across). */
export function natsServers(url: string): string[] {
  return url
    .split(',')
    .map((server) => server.trim())
    .filter(Boolean);
}

function watchConnection(
  nc: NatsConnection,
  clients: Pick<TNatsConnection, 'js' | 'jsm' | 'naming' | 'streamReplicas'>,
  logger: TBusLogger = consoleBusLogger,
): TNatsConnection {
  const reconnectListeners = new Set<() => void>();
  let connected = true;
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') {
        connected = false;
        logger.warn('Lost the NATS connection; reconnecting', { server: status.server });
      } else if (status.type === 'reconnect') {
        connected = true;
        logger.info('Reconnected to NATS', { server: status.server });
        for (const listener of reconnectListeners) listener();
      }
    }
  })().catch(() => undefined);
  void nc.closed().then(() => {
    connected = false;
  });
  return {
    nc,
    ...clients,
    logger,
    isConnected: () => connected,
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
  };
}

/** Whether JetStream answers an account-info call within the health timeout. */
export async function jetStreamAnswers(connection: TNatsConnection): Promise<boolean> {
  try {
    await withTimeout(
      connection.jsm.getAccountInfo(),
      HEALTH_TIMEOUT_MS,
      () => new Error('JetStream did not answer'),
    );
    return true;
  } catch {
    return false;
  }
}
