import {
  createEvent,
  isTrialExpired,
  type TEventData,
  type TProfile,
  trialDaysLeft,
  ZProfileSchema,
} from '@prospector/contracts';
import { enqueueEvent, type TDatabase, type TOutboxWriter } from '@prospector/db';
import { eq, sql } from 'drizzle-orm';
import { outbox, profiles } from '../db/schema.ts';

/** What every profile operation runs on: the service's database, its clock, and the profile read. */
export interface TProfileContext {
  db: TDatabase['db'];
  now: () => Date;
  /** `readProfileRow` on `db`, prepared (see createProfileReader): every signed-in page asks for it. */
  readProfile: (userId: string) => Promise<TProfileRow | undefined>;
}

export type TProfileRow = typeof profiles.$inferSelect;
export type TProfileTx = Parameters<Parameters<TDatabase['db']['transaction']>[0]>[0];

export function toProfile(
  ctx: TProfileContext,
  { subscriptionUpdatedAt: _projectedAt, ...row }: TProfileRow,
): TProfile {
  return ZProfileSchema.parse({
    ...row,
    subscriptionEndDate: row.subscriptionEndDate?.toISOString() ?? null,
    trialStartedAt: row.trialStartedAt.toISOString(),
    trialDaysLeft: trialDaysLeft(row.trialStartedAt, ctx.now()),
    trialExpired: isTrialExpired(row.trialStartedAt, ctx.now()),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });
}

/**
 * `readProfileRow` built once (drizzle would rebuild the SQL of this wide select on every read)
 * and prepared: PostgreSQL parses and plans it once per connection instead of on every read.
 */
export function createProfileReader(db: TDatabase['db']): TProfileContext['readProfile'] {
  const query = db
    .select()
    .from(profiles)
    .where(eq(profiles.userId, sql.placeholder('userId')))
    .prepare('read_profile');
  return async (userId) => (await query.execute({ userId }))[0];
}

export async function readProfileRow(tx: TProfileTx | TDatabase['db'], userId: string) {
  const [row] = await tx.select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}

export function enqueueProfileUpdated(tx: TOutboxWriter, profile: TProfile) {
  const data: TEventData<'accounts.updated'> = { profile };
  return enqueueEvent(tx, outbox, createEvent('accounts.updated', profile.userId, data));
}
