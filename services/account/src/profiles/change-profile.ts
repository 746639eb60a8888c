import { AppError, type TProfile } from '@prospector/contracts';
import { eq } from 'drizzle-orm';
import { profiles } from '../db/schema.ts';
import { getOrCreateProfile } from './get-or-create-profile.ts';
import {
  enqueueProfileUpdated,
  type TProfileContext,
  type TProfileTx,
  toProfile,
} from './profile-context.ts';

/** Changes profile columns and publishes `accounts.updated` with the result, in one transaction. */
export async function changeProfile(
  ctx: TProfileContext,
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
