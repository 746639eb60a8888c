export * from './endpoints.ts';
export * from './paths.ts';
export * from './v1.ts';
