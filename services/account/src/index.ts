export type { TAccountConfig } from './config.ts';
export { accountConfigEnvShape, accountConfigFromEnv, accountEnvChecks, accountEnvShape } from './env.ts';
export { accountService, createAccountService, createInProcessSessionVerifier } from './service.ts';
