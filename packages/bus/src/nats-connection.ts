import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { createUnavailableError } from './bus-errors.ts';
import { withTimeout } from './in-flight.ts';
import { consoleBusLogger, type TBusLogger } from './logger.ts';
import { createNaming } from './naming.ts';
import type { TNatsConsumerContext } from './nats-consumer.ts';

export interface TNatsBusOptions {
  url: string;
  /** Prefix for stream names (`ns_ACCOUNTS`) and subjects (`ns.accounts.created`). */
  namespace?: string;
  /** Connection name shown by the NATS server's monitoring. */
  name?: string;
  logger?: TBusLogger;
}

/** A live NATS connection with JetStream, and whether the server is reachable right now. */
export interface TNatsConnection extends TNatsConsumerContext {
  isConnected(): boolean;
}

const API_TIMEOUT_MS = 5_000;
const HEALTH_TIMEOUT_MS = 2_000;

/** Connects (reconnecting for as long as the process lives) and checks that JetStream is enabled. */
export async function connectNats(options: TNatsBusOptions): Promise<TNatsConnection> {
  let nc: NatsConnection;
  try {
    nc = await connect({
      servers: options.url,
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
    return watchConnection(nc, { js, jsm, naming: createNaming(options.namespace) }, options.logger);
  } catch (error) {
    await nc.close();
    throw createUnavailableError(
      `JetStream is not enabled on ${options.url} (run nats-server with -js)`,
      error,
    );
  }
}

function watchConnection(
  nc: NatsConnection,
  clients: Pick<TNatsConnection, 'js' | 'jsm' | 'naming'>,
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
