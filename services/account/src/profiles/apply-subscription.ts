import type { TProfile, TSubscriptionChange } from '@prospector/contracts';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { profiles } from '../db/schema.ts';
import { enqueueProfileUpdated, type TProfileContext, toProfile } from './profile-context.ts';

/**
 * Projects billing's `billing.subscription.updated` onto the profile's billing-owned fields (billing
 * decides, account only copies) and publishes `accounts.updated`, in one transaction. A change older
 * than the one already projected, or for a profile that does not exist, changes nothing.
 */
export function applySubscription(
  ctx: TProfileContext,
  userId: string,
  change: TSubscriptionChange,
): Promise<TProfile | undefined> {
  const recordedAt = new Date(change.updatedAt);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({
        subscriptionStatus: change.subscribed ? 'active' : 'trial',
        subscriptionPlan: change.plan,
        subscriptionEndDate: change.currentPeriodEnd ? new Date(change.currentPeriodEnd) : null,
        cancelAtPeriodEnd: change.cancelAtPeriodEnd,
        subscriptionUpdatedAt: recordedAt,
        updatedAt: ctx.now(),
      })
      .where(
        and(
          eq(profiles.userId, userId),
          or(isNull(profiles.subscriptionUpdatedAt), lt(profiles.subscriptionUpdatedAt, recordedAt)),
        ),
      )
      .returning();
    if (!row) return undefined;
    const profile = toProfile(ctx, row);
    await enqueueProfileUpdated(tx, profile);
    return profile;
  });
}
