import type { TPromo } from './plans-view-schemas.ts';

export const MARKETING_PATHS = {
  /** The paid plans as the pricing screens show them, with the promo while it runs. */
  plans: '/api/marketing/plans',
  /** Records a cookie-banner choice (see consents.ts). */
  consents: '/api/marketing/consents',
} as const;

/**
 * Milliseconds until the promo ends; zero or less once it has (or when there is none). docs/product.md
 * §2: the promo shows while this countdown is positive.
 */
export const promoRemainingMs = (promo: TPromo | null | undefined, now: number = Date.now()): number =>
  promo ? Date.parse(promo.endsAt) - now : 0;

/** The badge text of docs/product.md §2, "20% OFF - Limited Time!". */
export const promoLabel = (promo: TPromo): string => `${promo.percentOff}% OFF - Limited Time!`;
