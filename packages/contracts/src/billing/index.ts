export * from './credits.ts';
export * from './paths.ts';
export * from './plan-offers.ts';
export * from './plans.ts';
export * from './rpc.ts';
export * from './subscription.ts';
export * from './subscription-check.ts';
export * from './subscription-events.ts';
