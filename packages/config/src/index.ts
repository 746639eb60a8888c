export * from './fields.ts';
export * from './load-env.ts';
