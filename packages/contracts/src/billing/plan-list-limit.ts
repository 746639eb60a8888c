import { MAX_LISTED_ACCOUNTS, TOP_PLAN_MAX_LISTED_ACCOUNTS } from '../extractions/list-limits.ts';
import type { TPlanId } from './plans.ts';

/**
 * How many accounts a plan's followers, following or hashtag list holds (`PLAN_LIMITS.maxListedAccounts`),
 * apart from the other limits so the pricing cards read it without the run schemas.
 */
export const maxListedAccountsOf = (plan: TPlanId): number =>
  plan === 'package_3' ? TOP_PLAN_MAX_LISTED_ACCOUNTS : MAX_LISTED_ACCOUNTS;
