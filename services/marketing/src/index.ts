export { DEFAULT_MARKETING_CONFIG, type TMarketingConfig } from './config.ts';
export { marketingConfigFromEnv, marketingEnvShape, promoEnvShape } from './env.ts';
export { createMarketingService, marketingService } from './service.ts';
