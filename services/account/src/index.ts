export type { TAccountConfig } from './config.ts';
export { accountConfigEnvShape, accountConfigFromEnv, accountEnvShape } from './env.ts';
export { accountService, createAccountService, createInProcessSessionVerifier } from './service.ts';
