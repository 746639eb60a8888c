export type { TBusFailureReason } from './bus-errors.ts';
export { RemoteReplyError } from './bus-errors.ts';
export {
  DEFAULT_ACK_WAIT_MS,
  DEFAULT_CONCURRENCY,
  DEFAULT_MAX_DELIVER,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DUPLICATE_WINDOW_MS,
} from './consumer-options.ts';
export { createBus, type TCreateBusOptions } from './create-bus.ts';
export { withTimeout } from './in-flight.ts';
export type { TBusLogger } from './logger.ts';
export { createMemoryBroker, type TMemoryBroker } from './memory-broker.ts';
export { createMemoryBus, type TMemoryBus, type TMemoryBusOptions } from './memory-bus.ts';
export { createNatsBus, type TNatsBusOptions } from './nats-bus.ts';
export type {
  TConsumerDelivery,
  TConsumerLag,
  TConsumerOptions,
  TDelivery,
  TEventBus,
  TEventConsumerOptions,
  TEventDelivery,
  TEventHandler,
  THandler,
  TLiveHandler,
  TSubscription,
} from './port.ts';
