import { DEFAULT_PROMO_ENDS_AT } from '@prospector/contracts';

export interface TMarketingConfig {
  /** When the launch promo ends (PROMO_ENDS_AT); from then on the plans are served without it. */
  promoEndsAt: Date;
  /** The clock the promo and the rate limits are judged by (tests move it). */
  now?: () => Date;
  /** Consent records one client address may make per window. */
  consentRateLimit: { limit: number; windowMs: number };
  /** EDGE_SECRET: key rate limits on the client address the edge stamps and signs with it. */
  edgeSecret?: string;
}

/** A person makes a handful of choices; 20 a minute leaves room for a shared office address. */
export const DEFAULT_CONSENT_RATE_LIMIT = { limit: 20, windowMs: 60_000 };

export const DEFAULT_MARKETING_CONFIG: TMarketingConfig = {
  promoEndsAt: new Date(DEFAULT_PROMO_ENDS_AT),
  consentRateLimit: DEFAULT_CONSENT_RATE_LIMIT,
};
