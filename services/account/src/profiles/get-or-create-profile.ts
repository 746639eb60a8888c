import { AppError, createEvent, type TEventData, type TProfile } from '@prospector/contracts';
import { enqueueEvent } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { outbox, profiles, user } from '../db/schema.ts';
import { readProfileRow, type TProfileContext, type TProfileRow, toProfile } from './profile-context.ts';

/**
 * The profile, created on first call from the sign-up metadata (trial from now, no plan, onboarding
 * open) together with `accounts.created`, which billing turns into the trial credits. The first call
 * is the e-mail verification (create-auth.ts), or the trial sweeper when that did not get to it.
 */
export async function getOrCreateProfile(ctx: TProfileContext, userId: string): Promise<TProfile> {
  const existing = await ctx.readProfile(userId);
  if (existing) return toProfile(ctx, existing);
  return ctx.db.transaction(async (tx) => {
    const [owner] = await tx.select().from(user).where(eq(user.id, userId));
    if (!owner) throw new AppError('UNAUTHENTICATED', 'Failed to authenticate. Please try signing in again.');
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
        trialStartedAt: ctx.now(),
      })
      .onConflictDoNothing()
      .returning();
    // A concurrent first call created it: that call published accounts.created.
    if (!inserted) return toProfile(ctx, (await readProfileRow(tx, userId)) as TProfileRow);
    const data: TEventData<'accounts.created'> = { email: owner.email, name: owner.name };
    await enqueueEvent(tx, outbox, createEvent('accounts.created', userId, data));
    return toProfile(ctx, inserted);
  });
}
