import { createEvent, type TEventData } from '@prospector/contracts';
import { enqueueEvent, recordAudit } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { enqueueSessionsEnded } from '../auth/sessions-ended.ts';
import {
  account,
  auditTrail,
  outbox,
  profiles,
  session,
  user,
  userSegmentation,
  verification,
} from '../db/schema.ts';
import type { TProfileContext } from './profile-context.ts';

/** Erases the user's account data and records `accounts.erased`, in one transaction. */
export async function eraseAccount(ctx: TProfileContext, userId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId));
    if (!owner) return;
    await tx.delete(userSegmentation).where(eq(userSegmentation.userId, userId));
    await tx.delete(profiles).where(eq(profiles.userId, userId));
    await tx.delete(session).where(eq(session.userId, userId));
    await tx.delete(account).where(eq(account.userId, userId));
    await tx.delete(verification).where(eq(verification.value, userId));
    await tx.delete(user).where(eq(user.id, userId));
    await recordAudit(tx, auditTrail, { action: 'erasure', scope: 'accounts', records: 1 });
    const data: TEventData<'accounts.erased'> = {};
    await enqueueEvent(tx, outbox, createEvent('accounts.erased', userId, data));
    await enqueueSessionsEnded(tx, userId, 'erased');
  });
}
