import { RUN_SOURCES, type TRunSource } from '../extractions/runs.ts';
import { MAX_RUN_USERNAMES } from '../extractions/usernames.ts';
import { API_REQUESTS_PER_HOUR } from './api-limits.ts';
import { PLANS, type TPlanId } from './plans.ts';

/**
 * What each plan gets, as the product enforces it: the credits billing grants (`PLANS`, per paid period
 * or once for the trial), the tools the extractor opens (every run source, to every plan whose trial or
 * subscription is current: the paywall asks nothing else), the size of a run (the extractor refuses more
 * than MAX_RUN_USERNAMES), the database's CSV export (open to every plan) and the API's requests per hour per key. A line on a plan card
 * claims one of these, or it does not belong there (`plan-offers.test.ts` reads every line).
 */
export interface TPlanLimits {
  credits: number;
  tools: readonly TRunSource[];
  maxUsernamesPerRun: number;
  csvExport: boolean;
  /** Requests an API key of the plan's owner may send per hour (the account service counts them). */
  apiRequestsPerHour: number;
}

const SHARED = {
  tools: RUN_SOURCES,
  maxUsernamesPerRun: MAX_RUN_USERNAMES,
  csvExport: true,
  apiRequestsPerHour: API_REQUESTS_PER_HOUR,
} as const;

const limitsOf = (plan: TPlanId): TPlanLimits => ({ credits: PLANS[plan].credits, ...SHARED });

export const PLAN_LIMITS: Record<TPlanId, TPlanLimits> = {
  trial: limitsOf('trial'),
  package_1: limitsOf('package_1'),
  package_2: limitsOf('package_2'),
  package_3: limitsOf('package_3'),
};
