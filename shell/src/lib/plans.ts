import { planDisplayLabel, type TProfile } from '@prospector/contracts';

/** "Starter Plan", "Professional Plan", "Enterprise Plan", otherwise "Free Trial" (docs/product.md §4). */
export const planLabel = planDisplayLabel;

/** "15 days left", "1 day left". */
export const trialDaysLeftText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'} left`;

/** docs/product.md §9: Upgrade shows under this many credits. */
const UPGRADE_BELOW_CREDITS = 10;

/**
 * docs/product.md §9: the Upgrade button shows when credits are under 10, or on a trial, or when not active.
 * Either fact alone decides, so it may show before the other one is loaded.
 */
export function offersUpgrade(
  profile: Pick<TProfile, 'subscriptionStatus'> | undefined,
  available: number | undefined,
): boolean {
  return (
    (profile !== undefined && profile.subscriptionStatus !== 'active') ||
    (available !== undefined && available < UPGRADE_BELOW_CREDITS)
  );
}
