import { RUN_SOURCES, type TRunSource } from '../extractions/runs.ts';
import { MAX_RUN_USERNAMES } from '../extractions/usernames.ts';
import { API_REQUESTS_PER_HOUR } from './api-limits.ts';
import { maxListedAccountsOf } from './plan-list-limit.ts';
import { PLANS, type TPlanId } from './plans.ts';

/**
 * What each plan gets, as the product enforces it: the credits billing grants (`PLANS`, per paid period
 * or once for the trial), the tools the extractor opens (every run source, to every plan whose trial or
 * subscription is current: the paywall asks nothing else), the size of a run (the extractor refuses more
 * than MAX_RUN_USERNAMES), how many accounts a followers, following or hashtag list holds and a run from
 * one extracts (1,000; 5,000 on the top plan: the extractor cuts a list there and refuses a larger
 * run), the database's CSV export (open to every plan) and the API's requests per hour per key. A line
 * on a plan card
 * claims one of these, or it does not belong there (`plan-offers.test.ts` reads every line).
 */
export interface TPlanLimits {
  credits: number;
  tools: readonly TRunSource[];
  maxUsernamesPerRun: number;
  /** Accounts one list may hold, and one run started from a list may take. */
  maxListedAccounts: number;
  csvExport: boolean;
  /** Requests an API key of the plan's owner may send per hour (the account service counts them). */
  apiRequestsPerHour: number;
  /**
   * People in the workspace, its members and pending invitations together: the account service refuses
   * an invitation past it (docs/product.md "Teams").
   */
  seats: number;
}

/** Seats per plan: the trial lets a colleague try it with you; larger plans are for teams and agencies. */
export const PLAN_SEATS: Record<TPlanId, number> = { trial: 2, package_1: 3, package_2: 5, package_3: 10 };

const SHARED = {
  tools: RUN_SOURCES,
  maxUsernamesPerRun: MAX_RUN_USERNAMES,
  csvExport: true,
  apiRequestsPerHour: API_REQUESTS_PER_HOUR,
} as const;

const limitsOf = (plan: TPlanId): TPlanLimits => ({
  credits: PLANS[plan].credits,
  ...SHARED,
  maxListedAccounts: maxListedAccountsOf(plan),
  seats: PLAN_SEATS[plan],
});

export const PLAN_LIMITS: Record<TPlanId, TPlanLimits> = {
  trial: limitsOf('trial'),
  package_1: limitsOf('package_1'),
  package_2: limitsOf('package_2'),
  package_3: limitsOf('package_3'),
};

/** The runs whose usernames come from a list (followers, following, hashtag), not typed in. */
const LIST_SOURCES: readonly TRunSource[] = ['followers', 'following', 'hashtag'];

/** How many usernames a run from `source` may take on these limits. */
export const maxRunUsernamesOf = (limits: TPlanLimits, source: TRunSource): number =>
  LIST_SOURCES.includes(source) ? limits.maxListedAccounts : limits.maxUsernamesPerRun;

/**
 * The limits a user has now: their plan's while the subscription is active, the trial's otherwise (a
 * cancelled or lapsed plan no longer lifts them).
 */
export function planLimitsOf(state: {
  subscriptionStatus: string;
  subscriptionPlan?: string | null;
}): TPlanLimits {
  const plan = state.subscriptionPlan;
  return state.subscriptionStatus === 'active' && plan && plan in PLAN_LIMITS
    ? PLAN_LIMITS[plan as TPlanId]
    : PLAN_LIMITS.trial;
}
