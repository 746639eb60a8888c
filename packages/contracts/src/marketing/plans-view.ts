import { z } from 'zod';

export const MARKETING_PATHS = {
  /** The paid plans as the pricing screens show them, with the promo while it runs. */
  plans: '/api/marketing/plans',
  /** Records a cookie-banner choice (see consents.ts). */
  consents: '/api/marketing/consents',
} as const;

/** A running promo: its end is one instant (with a zone), so every viewer's countdown ends together. */
export const ZPromoSchema = z.object({
  endsAt: z.iso.datetime({ offset: true }),
  percentOff: z.number().int().min(1).max(100),
});
export type TPromo = z.infer<typeof ZPromoSchema>;

/** Mirrors `TPlanOffer`; the service serves `PLAN_OFFERS`, so the table itself lives only there. */
export const ZPlanOfferSchema = z.object({
  id: z.enum(['package_1', 'package_2', 'package_3']),
  key: z.enum(['starter', 'professional', 'enterprise']),
  name: z.string(),
  price: z.number(),
  originalPrice: z.number(),
  credits: z.number().int(),
  mostPopular: z.boolean(),
  features: z.array(z.string()).readonly(),
});

/** `GET /api/marketing/plans`: `promo` is null once the promo has ended. */
export const ZPlansViewSchema = z.object({
  plans: z.array(ZPlanOfferSchema),
  promo: ZPromoSchema.nullable(),
});
export type TPlansView = z.infer<typeof ZPlansViewSchema>;

/** Milliseconds until the promo ends; zero or less once it has (or when there is none). */
export const promoRemainingMs = (promo: TPromo | null | undefined, now: number = Date.now()): number =>
  promo ? Date.parse(promo.endsAt) - now : 0;

/** docs/product.md §2: the promo shows while the countdown to its end is positive. */
export const isPromoActive = (promo: TPromo | null | undefined, now: number = Date.now()): boolean =>
  promoRemainingMs(promo, now) > 0;

/** The badge text of docs/product.md §2, "20% OFF - Limited Time!". */
export const promoLabel = (promo: TPromo): string => `${promo.percentOff}% OFF - Limited Time!`;
