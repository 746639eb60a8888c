import { MAX_RUN_USERNAMES } from '../extractions/usernames.ts';
import { API_REQUESTS_PER_HOUR } from './api-limits.ts';
import { maxListedAccountsOf } from './plan-list-limit.ts';
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

/**
 * What every plan has, so every card says it: the plans differ by their credits, and the top plan by
 * its list size (`PLAN_LIMITS`). No line sells what another plan has too, or what nothing provides.
 */
const EVERY_PLAN_FEATURES = [
  'Every tool: usernames, batches, keywords, similar accounts',
  `Up to ${MAX_RUN_USERNAMES.toLocaleString('en-US')} usernames per batch`,
  'CSV export',
  `REST API: ${API_REQUESTS_PER_HOUR.toLocaleString('en-US')} requests per hour`,
] as const;

const creditsLine = (plan: TPlan) => `${plan.credits.toLocaleString('en-US')} credits every month`;

/**
 * The one limit a plan lifts beyond the others': how many accounts a followers, following or hashtag
 * list holds and a run from one takes (`PLAN_LIMITS.maxListedAccounts`, from `maxListedAccountsOf`; 5,000 on Enterprise). Only the
 * plan that lifts it says it, so no card sells the common 1,000 as its own.
 */
const listLines = (plan: TPlan): string[] => {
  const listed = maxListedAccountsOf(plan.id);
  return listed > maxListedAccountsOf('trial')
    ? [`Follower, following and hashtag lists of up to ${listed.toLocaleString('en-US')} accounts`]
    : [];
};

/** The Free Trial card's lines, checked against the trial's limits like the paid plans'. */
export const TRIAL_FEATURES: readonly string[] = [
  `${PLANS.trial.credits.toLocaleString('en-US')} free credits`,
  ...EVERY_PLAN_FEATURES,
];

export const PLAN_OFFERS: readonly TPlanOffer[] = PAID_PLANS.map((plan) => ({
  id: plan.id as TPaidPlanId,
  key: planKey(plan),
  name: plan.label,
  price: plan.priceCents / 100,
  originalPrice: plan.originalPriceDollars ?? plan.priceCents / 100,
  credits: plan.credits,
  mostPopular: plan.mostPopular,
  features: [creditsLine(plan), ...listLines(plan), ...EVERY_PLAN_FEATURES],
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
