export * from './named-schemas.ts';
export * from './openapi-document.ts';
export * from './route-of.ts';
export * from './signed-in-app.ts';
