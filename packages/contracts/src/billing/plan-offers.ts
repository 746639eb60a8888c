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

/** The plan named by router state `selectedPlan` (docs/product.md §2 "/pricing"), if any. */
export function planFromState(state: unknown): TPlanKey | undefined {
  if (typeof state !== 'object' || state === null || !('selectedPlan' in state)) return undefined;
  const plan = findPaidPlan(state.selectedPlan);
  return plan ? planKey(plan) : undefined;
}
