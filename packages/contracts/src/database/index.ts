export * from './endpoints.ts';
export * from './extractions.ts';
export * from './lead-lists.ts';
export * from './paths.ts';
export * from './retention.ts';
export * from './stats.ts';
