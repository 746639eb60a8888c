export * from './account/index.ts';
export * from './billing/index.ts';
export * from './database/stats.ts';
export * from './errors.ts';
export * from './event-types.ts';
export * from './events.ts';
export * from './health.ts';
export * from './remotes.ts';
