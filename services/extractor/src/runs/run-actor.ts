import { ownerKeyOf } from '@prospector/auth-client';

/**
 * Who acts on a run (docs/architecture.md §17): the member (`userId`) and the workspace the run belongs
 * to (`ownerKey`), whose credits pay for it and whose members see it. Every event about a run carries
 * both (`createEvent` takes this as its actor), and every billing and database request names the
 * workspace.
 */
export interface TRunActor {
  userId: string;
  ownerKey: string;
  /** How a refusal names the member (their name, else their e-mail); only a start from a session has it. */
  memberName?: string;
}

/** The verified session's member acting for its active workspace (never from the request). */
export const actorOfUser = (user: {
  userId: string;
  workspaceId: string;
  email?: string;
  name?: string;
}): TRunActor => {
  const memberName = user.name || user.email;
  return { userId: user.userId, ownerKey: ownerKeyOf(user), ...(memberName ? { memberName } : {}) };
};

/** An actor, or a bare user id acting for their personal workspace (whose id is theirs). */
export const asRunActor = (who: TRunActor | string): TRunActor =>
  typeof who === 'string' ? { userId: who, ownerKey: who } : who;

/** The run's own actor: the member who started it, in its workspace. */
export const actorOfRun = (run: { userId: string; ownerKey: string }): TRunActor => ({
  userId: run.userId,
  ownerKey: run.ownerKey,
});
