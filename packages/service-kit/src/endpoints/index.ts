export * from './openapi-document.ts';
export * from './route-of.ts';
