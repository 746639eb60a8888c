import { z } from 'zod';

/** The schemas of plans-view.ts, apart so that a page using only its helpers loads no zod. */

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
