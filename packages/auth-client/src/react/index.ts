export * from './account-queries.ts';
export * from './cookie-consent.ts';
export * from './plans-view.ts';
export * from './session-query.ts';
export * from './signed-in-only.tsx';
export * from './subscription.ts';
