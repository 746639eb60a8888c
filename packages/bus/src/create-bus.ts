import type { TBusLogger } from './logger.ts';
import { createMemoryBus } from './memory-bus.ts';
import { createNatsBus } from './nats-bus.ts';
import type { TEventBus } from './port.ts';

export interface TCreateBusOptions {
  /** NATS when given; the in-process bus otherwise (embedded mode). */
  natsUrl?: string;
  namespace?: string;
  name?: string;
  logger?: TBusLogger;
  /** NATS only: copies of each stream (`TNatsBusOptions.streamReplicas`). */
  streamReplicas?: number;
}

export async function createBus(options: TCreateBusOptions = {}): Promise<TEventBus> {
  const { natsUrl, ...rest } = options;
  if (natsUrl) return createNatsBus({ url: natsUrl, ...rest });
  return createMemoryBus({ namespace: rest.namespace, logger: rest.logger });
}
