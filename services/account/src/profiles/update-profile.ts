import type { TProfile, TProfileUpdate } from '@prospector/contracts';
import { eq } from 'drizzle-orm';
import { user } from '../db/schema.ts';
import { changeProfile } from './change-profile.ts';
import type { TProfileContext } from './profile-context.ts';

export function updateProfile(
  ctx: TProfileContext,
  userId: string,
  update: TProfileUpdate,
): Promise<TProfile> {
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
  return changeProfile(ctx, userId, { ...metadata, fullName: names }, async (tx) => {
    await tx
      .update(user)
      .set({ ...metadata, name: names, updatedAt: ctx.now() })
      .where(eq(user.id, userId));
  });
}
