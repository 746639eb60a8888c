export * from './csv.ts';
export * from './discovery.ts';
export * from './email-check.ts';
export * from './extraction-data.ts';
export * from './profile-text.ts';
export * from './recorded.ts';
export * from './runs.ts';
export * from './usernames.ts';
