export { createBus } from './create-bus.ts';
export { findFreePort } from './find-free-port.ts';
export { withTimeout } from './in-flight.ts';
export type { TBusLogger } from './logger.ts';
export { createMemoryBroker } from './memory-broker.ts';
export { createMemoryBus, type TMemoryBus } from './memory-bus.ts';
export { createNatsBus } from './nats-bus.ts';
export type {
  TConsumerOptions,
  TDelivery,
  TEventBus,
  TEventDelivery,
  TEventHandler,
  THandler,
  TSubscription,
} from './port.ts';
