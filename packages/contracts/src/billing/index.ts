export * from './credits.ts';
export * from './plans.ts';
export * from './rpc.ts';
