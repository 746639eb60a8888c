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
  /**
   * The public opt-out: opt-outs and access requests per client address (IPv6: per /64) and window,
   * confirmations (link or bio check) per address and window, and the proof of work asked.
   */
  optOut: {
    rateLimit: { limit: number; windowMs: number };
    confirmRateLimit: { limit: number; windowMs: number };
    difficulty: number;
    challengeTtlMs: number;
  };
}

/**
 * A person opts out once or twice; 5 an hour per address stops anyone from walking a list of names (and
 * an unconfirmed opt-out only pauses extractions: removing copies needs the owner's confirmation). A
 * person may click "I've added it" a few times before the bio shows the code: 10 an hour.
 * 14 bits is about 16,000 hashes: a moment in a browser, a real cost for anyone sending thousands.
 */
export const DEFAULT_OPT_OUT_CONFIG: TMarketingConfig['optOut'] = {
  rateLimit: { limit: 5, windowMs: 60 * 60_000 },
  confirmRateLimit: { limit: 10, windowMs: 60 * 60_000 },
  difficulty: 14,
  challengeTtlMs: 10 * 60_000,
};

/** A person makes a handful of choices; 20 a minute leaves room for a shared office address. */
export const DEFAULT_CONSENT_RATE_LIMIT = { limit: 20, windowMs: 60_000 };

export const DEFAULT_MARKETING_CONFIG: TMarketingConfig = {
  promoEndsAt: new Date(DEFAULT_PROMO_ENDS_AT),
  consentRateLimit: DEFAULT_CONSENT_RATE_LIMIT,
  optOut: DEFAULT_OPT_OUT_CONFIG,
};
