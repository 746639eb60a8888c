export * from './api-reference.ts';
export * from './api-reference-coverage.ts';
export * from './openapi-document.ts';
