export * from './css-layer-plugin.ts';
export * from './federation.ts';
export * from './harness-api-status.ts';
export * from './precompress.ts';
export * from './prerender.ts';
export * from './remote-vite-config.ts';
