export * from './password-rules.ts';
export * from './sanitize-text.ts';
