export * from './constants.ts';
export * from './password-rules.ts';
export * from './paths.ts';
export * from './rpc.ts';
export * from './sanitize-text.ts';
export * from './schemas.ts';
export * from './trial.ts';
export * from './wire.ts';
