import { PAID_PLANS, PLANS, type TPaidPlanId, type TPlan } from './plans.ts';

/** Router state and browser storage carry a paid plan by its lowercase name (docs/product.md §2, §3). */
export type TPlanKey = 'starter' | 'professional' | 'enterprise';
export const planKey = (plan: TPlan): TPlanKey => plan.label.toLowerCase() as TPlanKey;

/** A paid plan as the pricing cards present it: prices in whole dollars, with its highlights. */
export interface TPlanOffer {
  id: TPaidPlanId;
  key: TPlanKey;
  name: string;
  price: number;
  originalPrice: number;
  credits: number;
  mostPopular: boolean;
  features: readonly string[];
}

const HIGHLIGHTS: Record<TPaidPlanId, readonly string[]> = {
  package_1: ['5,000 credits every month', 'Single and batch extraction', 'Keyword search', 'CSV export'],
  package_2: [
    '10,000 credits every month',
    'Everything in Starter',
    'Similar accounts finder',
    'Up to 1,000 usernames per batch',
  ],
  package_3: [
    '20,000 credits every month',
    'Everything in Professional',
    '1000 requests per hour',
    'Priority support within 4 hours',
  ],
};

export const PLAN_OFFERS: readonly TPlanOffer[] = PAID_PLANS.map((plan) => ({
  id: plan.id as TPaidPlanId,
  key: planKey(plan),
  name: plan.label,
  price: plan.priceCents / 100,
  originalPrice: plan.originalPriceDollars ?? plan.priceCents / 100,
  credits: plan.credits,
  mostPopular: plan.mostPopular,
  features: HIGHLIGHTS[plan.id as TPaidPlanId],
}));

export const TRIAL = { credits: PLANS.trial.credits, days: PLANS.trial.trialDays ?? 0 } as const;

/** The paid plan a lowercase name refers to, if any. */
export function findPaidPlan(name: unknown): TPlan | undefined {
  return typeof name === 'string'
    ? PAID_PLANS.find((plan) => planKey(plan) === name.toLowerCase())
    : undefined;
}

/**
 * docs/product.md §2, §3: the plan chosen before signing in or on the way to /pricing, by its lowercase name,
 * under this key in router state and in the browser's local storage.
 */
export const SELECTED_PLAN_KEY = 'selectedPlan';

/** Router state that carries a chosen plan to `/auth` or `/pricing`. */
export const selectedPlanState = (plan: TPlanKey) => ({ [SELECTED_PLAN_KEY]: plan });

/** The paid plan named by router state `selectedPlan` (docs/product.md §2 "/pricing"), if any. */
export function planInState(state: unknown): TPlan | undefined {
  if (typeof state !== 'object' || state === null || !(SELECTED_PLAN_KEY in state)) return undefined;
  return findPaidPlan((state as Record<string, unknown>)[SELECTED_PLAN_KEY]);
}

/** The plan named by router state `selectedPlan`, as its key. */
export function planFromState(state: unknown): TPlanKey | undefined {
  const plan = planInState(state);
  return plan ? planKey(plan) : undefined;
}
