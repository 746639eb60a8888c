/** Who acts: the workspace (every query's scope, docs/architecture.md §17) and its member. */
export interface TActor {
  ownerKey: string;
  userId: string;
}

/** An actor, or a bare user id: that user in their personal workspace (whose id is theirs). */
export const actorOf = (actor: TActor | string): TActor =>
  typeof actor === 'string' ? { ownerKey: actor, userId: actor } : actor;
