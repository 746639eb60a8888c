export * from './http-metrics.ts';
export * from './metrics-route.ts';
export * from './registry.ts';
