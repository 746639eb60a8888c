export * from './session-query.ts';
export * from './signed-in-only.tsx';
