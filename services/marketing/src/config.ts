import { DEFAULT_PROMO_ENDS_AT } from '@prospector/contracts';

export interface TMarketingConfig {
  /** When the launch promo ends (PROMO_ENDS_AT); from then on the plans are served without it. */
  promoEndsAt: Date;
  /** The clock the promo is judged by (tests move it). */
  now?: () => Date;
}

export const DEFAULT_MARKETING_CONFIG: TMarketingConfig = { promoEndsAt: new Date(DEFAULT_PROMO_ENDS_AT) };
