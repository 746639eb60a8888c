import type { TProfile } from '@prospector/contracts';

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
