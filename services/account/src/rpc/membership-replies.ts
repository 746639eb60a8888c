import type { TEventBus, TSubscription } from '@prospector/bus';
import { ACCOUNT_RPC } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { isMemberOf } from '../workspaces/team-store.ts';

/**
 * `rpc.account.membership`: whether a user is a member of a workspace. Billing asks before it sets or
 * clears a member's monthly limit, so an admin can only limit people of their own workspace.
 */
export function answerMembershipRequests(db: TDatabase['db'], bus: TEventBus): Promise<TSubscription> {
  return bus.reply(ACCOUNT_RPC.membership, async ({ workspaceId, userId }) => ({
    member: await isMemberOf(db, workspaceId, userId),
  }));
}
