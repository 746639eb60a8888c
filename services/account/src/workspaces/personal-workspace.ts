import type { TWorkspaceRole } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { member, organization, user } from '../db/schema.ts';

type TDb = TDatabase['db'];

/**
 * A user's personal workspace has the user's id as its id and slug (docs/architecture.md "Workspaces"),
 * with its user as owner. Created at sign-up, by migration 0008 for earlier users, and here again for a
 * user somehow without one; concurrent calls create one (`on conflict do nothing`).
 */
export async function ensurePersonalWorkspace(db: TDb, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [owner] = await tx.select({ name: user.name }).from(user).where(eq(user.id, userId));
    if (!owner) return;
    await tx
      .insert(organization)
      .values({ id: userId, name: owner.name, slug: userId })
      .onConflictDoNothing();
    await tx
      .insert(member)
      .values({ id: userId, organizationId: userId, userId, role: 'owner' })
      .onConflictDoNothing();
  });
}

export interface TSessionWorkspace {
  id: string;
  role: TWorkspaceRole;
}

const roleOf = (role: string): TWorkspaceRole => (role === 'owner' || role === 'admin' ? role : 'member');

/**
 * The workspace a session acts for and the user's role there: its active workspace while the user is a
 * member of it, the personal one otherwise (a removed member's next request lands there). One indexed
 * read per get-session; services cache the answer (packages/auth-client).
 */
export async function resolveSessionWorkspace(
  db: TDb,
  userId: string,
  activeOrganizationId: string | null | undefined,
): Promise<TSessionWorkspace | null> {
  const find = async (organizationId: string) => {
    const [found] = await db
      .select({ role: member.role })
      .from(member)
      .where(and(eq(member.organizationId, organizationId), eq(member.userId, userId)));
    return found ? { id: organizationId, role: roleOf(found.role) } : null;
  };
  if (activeOrganizationId && activeOrganizationId !== userId) {
    const active = await find(activeOrganizationId);
    if (active) return active;
  }
  const personal = await find(userId);
  if (personal) return personal;
  await ensurePersonalWorkspace(db, userId);
  return find(userId);
}
