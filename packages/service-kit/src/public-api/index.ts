export * from './cursor.ts';
export * from './problem.ts';
export * from './public-api.ts';
export * from './require-api-key.ts';
export * from './v1-not-found.ts';
