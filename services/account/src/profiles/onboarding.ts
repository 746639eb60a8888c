import type { TOnboardingAnswers, TProfile } from '@prospector/contracts';
import { eq } from 'drizzle-orm';
import { userSegmentation } from '../db/schema.ts';
import { changeProfile } from './change-profile.ts';
import type { TProfileContext } from './profile-context.ts';

/** Records the segmentation answers and closes onboarding. */
export function completeOnboarding(
  ctx: TProfileContext,
  userId: string,
  answers: TOnboardingAnswers,
): Promise<TProfile> {
  return changeProfile(ctx, userId, { onboardingCompleted: true }, async (tx) => {
    await tx
      .insert(userSegmentation)
      .values({ userId, ...answers })
      .onConflictDoUpdate({ target: userSegmentation.userId, set: { ...answers, createdAt: ctx.now() } });
  });
}

export function skipOnboarding(ctx: TProfileContext, userId: string): Promise<TProfile> {
  return changeProfile(ctx, userId, { onboardingCompleted: true });
}

/** The segmentation answers, for tests and support tooling. */
export async function readSegmentation(ctx: TProfileContext, userId: string) {
  const [row] = await ctx.db.select().from(userSegmentation).where(eq(userSegmentation.userId, userId));
  return row;
}
