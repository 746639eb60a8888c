export * from './errors.ts';
export * from './health.ts';
export * from './http-server.ts';
export * from './logger.ts';
export * from './run-standalone.ts';
export * from './service.ts';
export * from './shutdown.ts';
export * from './standalone-env.ts';
