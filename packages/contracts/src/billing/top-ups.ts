import { z } from 'zod';

/**
 * One-off credit packs (docs/product.md "Billing page"): for a subscriber who runs out before the
 * plan renews. Paid once through the same checkout as the plans, granted exactly once per checkout.
 */
export const TOP_UP_PACK_IDS = ['credits_1000'] as const;
export type TTopUpPackId = (typeof TOP_UP_PACK_IDS)[number];

export interface TTopUpPack {
  id: TTopUpPackId;
  credits: number;
  /** One payment, in cents. */
  priceCents: number;
}

export const TOP_UP_PACKS: Record<TTopUpPackId, TTopUpPack> = {
  credits_1000: { id: 'credits_1000', credits: 1000, priceCents: 1900 },
};

export const isTopUpPackId = (value: unknown): value is TTopUpPackId =>
  typeof value === 'string' && (TOP_UP_PACK_IDS as readonly string[]).includes(value);

/** "1,000 credits": how a pack is named on the page, the checkout and the invoice. */
export const topUpPackLabel = (pack: TTopUpPack) => `${pack.credits.toLocaleString('en-US')} credits`;

/** `POST /api/billing/top-up` → the hosted checkout page (`ZCheckoutResponseSchema`). */
export const ZTopUpRequestSchema = z.object({ packId: z.enum(TOP_UP_PACK_IDS) });

/** Refused when the user has no active plan: packs top up a plan's credits, they do not replace one. */
export const TOP_UP_NEEDS_PLAN_MESSAGE = 'Credit packs are for subscribers. Choose a plan first.';
