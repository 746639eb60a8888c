/** The plans of docs/product.md §3 and §9, in one place for the billing service, the pricing pages and the shell. */

export const PLAN_IDS = ['trial', 'package_1', 'package_2', 'package_3'] as const;
export type TPlanId = (typeof PLAN_IDS)[number];
export type TPaidPlanId = Exclude<TPlanId, 'trial'>;

export interface TPlan {
  id: TPlanId;
  label: string;
  /** Monthly price in cents; 0 for the trial. */
  priceCents: number;
  /** The crossed-out price shown next to the promo price, in whole dollars; null for the trial. */
  originalPriceDollars: number | null;
  /** Credits granted on the trial, and on each paid period. */
  credits: number;
  /** Length of the trial in days; null for paid plans. */
  trialDays: number | null;
  mostPopular: boolean;
}

export const PLANS: Record<TPlanId, TPlan> = {
  trial: {
    id: 'trial',
    label: 'Free',
    priceCents: 0,
    originalPriceDollars: null,
    credits: 25,
    trialDays: 15,
    mostPopular: false,
  },
  package_1: {
    id: 'package_1',
    label: 'Starter',
    priceCents: 4700,
    originalPriceDollars: 56,
    credits: 5000,
    trialDays: null,
    mostPopular: false,
  },
  package_2: {
    id: 'package_2',
    label: 'Professional',
    priceCents: 8700,
    originalPriceDollars: 104,
    credits: 10000,
    trialDays: null,
    mostPopular: true,
  },
  package_3: {
    id: 'package_3',
    label: 'Enterprise',
    priceCents: 15700,
    originalPriceDollars: 188,
    credits: 20000,
    trialDays: null,
    mostPopular: false,
  },
};

/** The paid plans in display order (cheapest first). */
export const PAID_PLANS: readonly TPlan[] = [PLANS.package_1, PLANS.package_2, PLANS.package_3];

export const isPlanId = (value: unknown): value is TPlanId =>
  typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);

export const isPaidPlanId = (value: unknown): value is TPaidPlanId => isPlanId(value) && value !== 'trial';

const PLAN_DISPLAY_LABELS: Record<TPaidPlanId, string> = {
  package_1: 'Starter Plan',
  package_2: 'Professional Plan',
  package_3: 'Enterprise Plan',
};

/** docs/product.md §4: package_1/2/3 show their plan name; anything else (trial, none, unknown) is the free trial. */
export function planDisplayLabel(plan: string | null | undefined): string {
  return isPaidPlanId(plan) ? PLAN_DISPLAY_LABELS[plan] : 'Free Trial';
}

/**
 * The launch promo (docs/product.md §4, §9): 20% off until 2025-08-16 23:59:59. The spec names no zone, so the
 * default end is that wall-clock time in UTC: one instant, the same for every viewer. The marketing
 * service serves the configured end (PROMO_ENDS_AT) with the plans; see `ZPlansViewSchema`.
 */
export const DEFAULT_PROMO_ENDS_AT = '2025-08-16T23:59:59Z';
export const PROMO_PERCENT_OFF = 20;
