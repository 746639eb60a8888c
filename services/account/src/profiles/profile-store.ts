import type { TOnboardingAnswers, TProfileUpdate, TSubscriptionChange } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import type { TLogger } from '@prospector/service-kit';
import { applySubscription } from './apply-subscription.ts';
import { eraseAccount } from './erase-account.ts';
import { getOrCreateProfile } from './get-or-create-profile.ts';
import { completeOnboarding, readSegmentation, skipOnboarding } from './onboarding.ts';
import { createProfileReader, type TProfileContext } from './profile-context.ts';
import { startTrialSweeper } from './start-missed-trials.ts';
import { updateProfile } from './update-profile.ts';

/** Every query here is keyed by the verified user id the caller got from the session. */
export function createProfileStore(database: TDatabase, now: () => Date = () => new Date()) {
  const ctx: TProfileContext = { db: database.db, now, readProfile: createProfileReader(database.db) };
  return {
    getOrCreate: (userId: string) => getOrCreateProfile(ctx, userId),
    update: (userId: string, update: TProfileUpdate) => updateProfile(ctx, userId, update),
    completeOnboarding: (userId: string, answers: TOnboardingAnswers) =>
      completeOnboarding(ctx, userId, answers),
    skipOnboarding: (userId: string) => skipOnboarding(ctx, userId),
    erase: (userId: string) => eraseAccount(ctx, userId),
    applySubscription: (userId: string, change: TSubscriptionChange) =>
      applySubscription(ctx, userId, change),
    readSegmentation: (userId: string) => readSegmentation(ctx, userId),
    /** Looks for verified users without a profile now and every interval (start-missed-trials.ts). */
    startTrialSweeper: (logger: TLogger, intervalMs?: number) => startTrialSweeper(ctx, logger, intervalMs),
  };
}

export type TProfileStore = ReturnType<typeof createProfileStore>;
