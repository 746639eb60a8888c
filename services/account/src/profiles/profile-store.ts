import {
  AppError,
  createEvent,
  type TEventData,
  type TOnboardingAnswers,
  type TProfile,
  type TProfileUpdate,
  type TSubscriptionChange,
} from '@prospector/contracts';
import { enqueueEvent, recordAudit, type TDatabase } from '@prospector/db';
import type { TLogger } from '@prospector/service-kit';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { enqueueSessionsEnded } from '../auth/sessions-ended.ts';
import {
  account,
  auditTrail,
  devMailbox,
  organization,
  outbox,
  profiles,
  session,
  user,
  userSegmentation,
  verification,
} from '../db/schema.ts';
import { getOrCreateProfile } from './get-or-create-profile.ts';
import {
  createProfileReader,
  enqueueProfileUpdated,
  type TProfileContext,
  type TProfileTx,
  toProfile,
} from './profile-context.ts';
import { startTrialSweeper } from './start-missed-trials.ts';

/** Every query here is keyed by the verified user id the caller got from the session. */
export function createProfileStore(database: TDatabase, now: () => Date = () => new Date()) {
  const ctx: TProfileContext = { db: database.db, now, readProfile: createProfileReader(database.db) };

  /** Changes profile columns and publishes `accounts.updated` with the result, in one transaction. */
  async function changeProfile(
    userId: string,
    values: Partial<typeof profiles.$inferInsert>,
    extra?: (tx: TProfileTx) => Promise<void>,
  ): Promise<TProfile> {
    await getOrCreateProfile(ctx, userId);
    return ctx.db.transaction(async (tx) => {
      await extra?.(tx);
      const [row] = await tx
        .update(profiles)
        .set({ ...values, updatedAt: ctx.now() })
        .where(eq(profiles.userId, userId))
        .returning();
      if (!row) throw new AppError('NOT_FOUND', 'Failed to initialize user profile.');
      const profile = toProfile(ctx, row);
      await enqueueProfileUpdated(tx, profile);
      return profile;
    });
  }

  return {
    getOrCreate: (userId: string) => getOrCreateProfile(ctx, userId),

    /** The profile if it exists, never creating one (a workspace owner's, read for its plan). */
    async find(userId: string): Promise<TProfile | undefined> {
      const row = await ctx.readProfile(userId);
      return row ? toProfile(ctx, row) : undefined;
    },

    update(userId: string, update: TProfileUpdate): Promise<TProfile> {
      const names = [update.firstName, update.lastName].filter(Boolean).join(' ');
      const metadata = {
        firstName: update.firstName,
        lastName: update.lastName,
        accountType: update.accountType,
        companyName: update.companyName ?? null,
        vatNumber: update.vatNumber ?? null,
        country: update.country,
      };
      // The user record keeps the sign-up metadata in step, so get-session shows the same names.
      return changeProfile(userId, { ...metadata, fullName: names }, async (tx) => {
        await tx
          .update(user)
          .set({ ...metadata, name: names, updatedAt: ctx.now() })
          .where(eq(user.id, userId));
      });
    },

    /** Records the segmentation answers and closes onboarding. */
    completeOnboarding: (userId: string, answers: TOnboardingAnswers) =>
      changeProfile(userId, { onboardingCompleted: true }, async (tx) => {
        await tx
          .insert(userSegmentation)
          .values({ userId, ...answers })
          .onConflictDoUpdate({ target: userSegmentation.userId, set: { ...answers, createdAt: ctx.now() } });
      }),

    skipOnboarding: (userId: string) => changeProfile(userId, { onboardingCompleted: true }),

    /** Erases the user's account data and records `accounts.erased`, in one transaction. */
    async erase(userId: string): Promise<void> {
      await ctx.db.transaction(async (tx) => {
        const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
        if (!owner) return;
        // The dev mailbox (embedded and dev modes) keeps what was sent to the address: it goes too.
        await tx.delete(devMailbox).where(sql`lower(${devMailbox.to}) = lower(${owner.email})`);
        await tx.delete(userSegmentation).where(eq(userSegmentation.userId, userId));
        await tx.delete(profiles).where(eq(profiles.userId, userId));
        await tx.delete(session).where(eq(session.userId, userId));
        await tx.delete(account).where(eq(account.userId, userId));
        await tx.delete(verification).where(eq(verification.value, userId));
        // The personal workspace goes with its user (its members and invitations too), as its data does in
        // every service on accounts.erased; memberships elsewhere go with the user (docs/architecture.md §17).
        await tx.delete(organization).where(eq(organization.id, userId));
        await tx.delete(user).where(eq(user.id, userId));
        await recordAudit(tx, auditTrail, { action: 'erasure', scope: 'accounts', records: 1 });
        const data: TEventData<'accounts.erased'> = {};
        await enqueueEvent(tx, outbox, createEvent('accounts.erased', userId, data));
        await enqueueSessionsEnded(tx, userId, 'erased');
      });
    },

    /**
     * Projects billing's `billing.subscription.updated` onto the profile's billing-owned fields (billing
     * decides, account only copies) and publishes `accounts.updated`, in one transaction. A change older
     * than the one already projected, or for a profile that does not exist, changes nothing.
     */
    applySubscription(userId: string, change: TSubscriptionChange): Promise<TProfile | undefined> {
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
    },

    /** Looks for verified users without a profile now and every interval (start-missed-trials.ts). */
    startTrialSweeper: (logger: TLogger, intervalMs?: number) => startTrialSweeper(ctx, logger, intervalMs),
  };
}

export type TProfileStore = ReturnType<typeof createProfileStore>;
