import {
  AppError,
  createEvent,
  isTrialExpired,
  type TEventData,
  type TOnboardingAnswers,
  type TProfile,
  type TProfileUpdate,
  type TSubscriptionChange,
  trialDaysLeft,
  ZProfileSchema,
} from '@prospector/contracts';
import { enqueueEvent, type TDatabase, type TOutboxWriter } from '@prospector/db';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { enqueueSessionsEnded } from '../auth/sessions-ended.ts';
import { account, outbox, profiles, session, user, userSegmentation, verification } from '../db/schema.ts';

type TProfileRow = typeof profiles.$inferSelect;
type TTx = Parameters<Parameters<TDatabase['db']['transaction']>[0]>[0];

/** Every query here is keyed by the verified user id the caller got from the session. */
export function createProfileStore(database: TDatabase, now: () => Date = () => new Date()) {
  const { db } = database;

  const toProfile = ({ subscriptionUpdatedAt: _projectedAt, ...row }: TProfileRow): TProfile =>
    ZProfileSchema.parse({
      ...row,
      subscriptionEndDate: row.subscriptionEndDate?.toISOString() ?? null,
      trialStartedAt: row.trialStartedAt.toISOString(),
      trialDaysLeft: trialDaysLeft(row.trialStartedAt, now()),
      trialExpired: isTrialExpired(row.trialStartedAt, now()),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    });

  const enqueueUpdated = (tx: TOutboxWriter, profile: TProfile) => {
    const data: TEventData<'accounts.updated'> = { profile };
    return enqueueEvent(tx, outbox, createEvent('accounts.updated', profile.userId, data));
  };

  async function readRow(tx: TTx | TDatabase['db'], userId: string) {
    const [row] = await tx.select().from(profiles).where(eq(profiles.userId, userId));
    return row;
  }

  /**
   * The profile, created on first call from the sign-up metadata (trial from now, no plan, onboarding
   * open) together with `accounts.created`, which billing turns into the trial credits.
   */
  async function getOrCreate(userId: string): Promise<TProfile> {
    const existing = await readRow(db, userId);
    if (existing) return toProfile(existing);
    return db.transaction(async (tx) => {
      const [owner] = await tx.select().from(user).where(eq(user.id, userId));
      if (!owner)
        throw new AppError('UNAUTHENTICATED', 'Failed to authenticate. Please try signing in again.');
      const [inserted] = await tx
        .insert(profiles)
        .values({
          userId,
          email: owner.email,
          fullName: owner.name,
          firstName: owner.firstName,
          lastName: owner.lastName,
          accountType: owner.accountType,
          companyName: owner.companyName,
          vatNumber: owner.vatNumber,
          country: owner.country,
          trialStartedAt: now(),
        })
        .onConflictDoNothing()
        .returning();
      // A concurrent first call created it: that call published accounts.created.
      if (!inserted) return toProfile((await readRow(tx, userId)) as TProfileRow);
      const data: TEventData<'accounts.created'> = { email: owner.email, name: owner.name };
      await enqueueEvent(tx, outbox, createEvent('accounts.created', userId, data));
      return toProfile(inserted);
    });
  }

  /** Changes profile columns and publishes `accounts.updated` with the result, in one transaction. */
  async function change(
    userId: string,
    values: Partial<typeof profiles.$inferInsert>,
    extra?: (tx: TTx) => Promise<void>,
  ): Promise<TProfile> {
    await getOrCreate(userId);
    return db.transaction(async (tx) => {
      await extra?.(tx);
      const [row] = await tx
        .update(profiles)
        .set({ ...values, updatedAt: now() })
        .where(eq(profiles.userId, userId))
        .returning();
      if (!row) throw new AppError('NOT_FOUND', 'Failed to initialize user profile.');
      const profile = toProfile(row);
      await enqueueUpdated(tx, profile);
      return profile;
    });
  }

  return {
    getOrCreate,

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
      return change(userId, { ...metadata, fullName: names }, async (tx) => {
        await tx
          .update(user)
          .set({ ...metadata, name: names, updatedAt: now() })
          .where(eq(user.id, userId));
      });
    },

    completeOnboarding(userId: string, answers: TOnboardingAnswers): Promise<TProfile> {
      return change(userId, { onboardingCompleted: true }, async (tx) => {
        await tx
          .insert(userSegmentation)
          .values({ userId, ...answers })
          .onConflictDoUpdate({ target: userSegmentation.userId, set: { ...answers, createdAt: now() } });
      });
    },

    skipOnboarding(userId: string): Promise<TProfile> {
      return change(userId, { onboardingCompleted: true });
    },

    /** Erases the user's account data and records `accounts.erased`, in one transaction. */
    async erase(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [owner] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId));
        if (!owner) return;
        await tx.delete(userSegmentation).where(eq(userSegmentation.userId, userId));
        await tx.delete(profiles).where(eq(profiles.userId, userId));
        await tx.delete(session).where(eq(session.userId, userId));
        await tx.delete(account).where(eq(account.userId, userId));
        await tx.delete(verification).where(eq(verification.value, userId));
        await tx.delete(user).where(eq(user.id, userId));
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
    async applySubscription(userId: string, change: TSubscriptionChange): Promise<TProfile | undefined> {
      const recordedAt = new Date(change.updatedAt);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(profiles)
          .set({
            subscriptionStatus: change.subscribed ? 'active' : 'trial',
            subscriptionPlan: change.plan,
            subscriptionEndDate: change.currentPeriodEnd ? new Date(change.currentPeriodEnd) : null,
            cancelAtPeriodEnd: change.cancelAtPeriodEnd,
            subscriptionUpdatedAt: recordedAt,
            updatedAt: now(),
          })
          .where(
            and(
              eq(profiles.userId, userId),
              or(isNull(profiles.subscriptionUpdatedAt), lt(profiles.subscriptionUpdatedAt, recordedAt)),
            ),
          )
          .returning();
        if (!row) return undefined;
        const profile = toProfile(row);
        await enqueueUpdated(tx, profile);
        return profile;
      });
    },

    /** The segmentation answers, for tests and support tooling. */
    async readSegmentation(userId: string) {
      const [row] = await db.select().from(userSegmentation).where(eq(userSegmentation.userId, userId));
      return row;
    },
  };
}

export type TProfileStore = ReturnType<typeof createProfileStore>;
