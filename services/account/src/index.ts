export type { TAccountConfig } from './config.ts';
export { accountConfigEnvShape, accountConfigFromEnv, accountEnvChecks, accountEnvShape } from './env.ts';
export { accountService, createAccountService, type TAccountServiceDefinition } from './service.ts';
