import { TEAM_MESSAGES } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import {
  decideChangeRole,
  decideInvitationOpen,
  decideLeave,
  decideManageMembers,
  decideRemove,
} from './team-policy.ts';

const owner = { userId: 'o', role: 'owner' as const };
const admin = { userId: 'a', role: 'admin' as const };
const member = { userId: 'm', role: 'member' as const };

describe('team policy', () => {
  it('lets owners and admins manage members, not members', () => {
    expect(decideManageMembers(owner)).toBeNull();
    expect(decideManageMembers(admin)).toBeNull();
    expect(decideManageMembers(member)).toEqual({ code: 'FORBIDDEN', message: TEAM_MESSAGES.forbidden });
  });

  it('keeps owners an owner’s business: no escalation, no demoting the last owner', () => {
    expect(decideChangeRole(admin, admin, 'owner', 1)).toEqual({
      code: 'FORBIDDEN',
      message: TEAM_MESSAGES.escalation,
    });
    expect(decideChangeRole(admin, member, 'owner', 1)?.code).toBe('FORBIDDEN');
    expect(decideChangeRole(admin, owner, 'member', 2)).toEqual({
      code: 'FORBIDDEN',
      message: TEAM_MESSAGES.ownerTouch,
    });
    expect(decideChangeRole(admin, member, 'admin', 1)).toBeNull();
    expect(decideChangeRole(member, member, 'admin', 1)?.code).toBe('FORBIDDEN');
    expect(decideChangeRole(owner, owner, 'admin', 1)).toEqual({
      code: 'CONFLICT',
      message: TEAM_MESSAGES.lastOwner,
    });
    expect(decideChangeRole(owner, owner, 'admin', 2)).toBeNull();
    expect(decideChangeRole(owner, member, 'owner', 1)).toBeNull();
  });

  it('never removes oneself, and only an owner removes an owner', () => {
    expect(decideRemove(owner, owner)).toEqual({ code: 'CONFLICT', message: TEAM_MESSAGES.removeSelf });
    expect(decideRemove(admin, { userId: 'o2', role: 'owner' })?.code).toBe('FORBIDDEN');
    expect(decideRemove(owner, { userId: 'o2', role: 'owner' })).toBeNull();
    expect(decideRemove(admin, member)).toBeNull();
    expect(decideRemove(member, admin)?.code).toBe('FORBIDDEN');
  });

  it('keeps the last owner and the personal workspace', () => {
    expect(decideLeave(owner, 'o', 1)).toEqual({
      code: 'CONFLICT',
      message: TEAM_MESSAGES.personalWorkspace,
    });
    expect(decideLeave(owner, 'w', 1)).toEqual({ code: 'CONFLICT', message: TEAM_MESSAGES.lastOwner });
    expect(decideLeave(owner, 'w', 2)).toBeNull();
    expect(decideLeave(member, 'w', 1)).toBeNull();
  });

  it('says why a link is closed', () => {
    const now = new Date('2026-01-10T00:00:00Z');
    const later = new Date('2026-01-11T00:00:00Z');
    expect(decideInvitationOpen(undefined, now)?.message).toBe(TEAM_MESSAGES.invitationNotFound);
    expect(decideInvitationOpen({ status: 'accepted', expiresAt: later }, now)?.message).toBe(
      TEAM_MESSAGES.invitationUsed,
    );
    expect(decideInvitationOpen({ status: 'canceled', expiresAt: later }, now)?.message).toBe(
      TEAM_MESSAGES.invitationRevoked,
    );
    expect(decideInvitationOpen({ status: 'pending', expiresAt: now }, now)?.message).toBe(
      TEAM_MESSAGES.invitationExpired,
    );
    expect(decideInvitationOpen({ status: 'pending', expiresAt: later }, now)).toBeNull();
  });
});
