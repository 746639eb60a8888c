import { z } from 'zod';
import { APP_PATHS } from '../app-paths.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ZEmailSchema } from './schemas.ts';

/**
 * Workspaces (docs/product.md "Teams", docs/architecture.md "Workspaces"). Every user has a personal
 * workspace whose id is their user id; others join a workspace by invitation.
 */
export const WORKSPACE_ROLES = ['owner', 'admin', 'member'] as const;
export type TWorkspaceRole = (typeof WORKSPACE_ROLES)[number];
export const ZWorkspaceRoleSchema = z.enum(WORKSPACE_ROLES);

/** How much each role may do, lowest first: `requireRole('admin')` lets admins and owners through. */
export const WORKSPACE_ROLE_RANK: Record<TWorkspaceRole, number> = { member: 0, admin: 1, owner: 2 };
export const roleAtLeast = (role: TWorkspaceRole, needed: TWorkspaceRole): boolean =>
  WORKSPACE_ROLE_RANK[role] >= WORKSPACE_ROLE_RANK[needed];

/** An invitation link is good for 7 days; sending it again replaces it with a new link. */
export const INVITATION_EXPIRES_IN_SECONDS = 7 * 24 * 60 * 60;
/** Where the invitation mail's link points: `/invite/<id>`. */
export const INVITATION_PATH = APP_PATHS.invitation;

export const TEAM_MESSAGES = {
  forbidden: 'Only a workspace owner or admin can manage members.',
  ownerOnly: 'Only a workspace owner can do this.',
  alreadyMember: 'This person is already a member of the workspace.',
  invitationNotFound: 'This invitation link is not valid.',
  invitationExpired: 'This invitation has expired. Ask for a new one.',
  invitationRevoked: 'This invitation was revoked. Ask for a new one.',
  invitationUsed: 'This invitation has already been used.',
  notRecipient: 'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
  emailNotVerified: 'Please verify your email address before accepting the invitation.',
  memberNotFound: 'Member not found',
  removeSelf: 'You cannot remove yourself. Leave the workspace instead.',
  lastOwner: 'A workspace needs at least one owner. Make another member owner first.',
  escalation: 'Only an owner can make someone an owner.',
  ownerTouch: 'Only an owner can change or remove another owner.',
  personalWorkspace: 'You cannot leave your personal workspace.',
  notAMember: 'You are not a member of this workspace.',
  seatLimit: (seats: number, plan: string) =>
    `Your ${plan} plan includes ${seats} ${seats === 1 ? 'seat' : 'seats'}, and all are taken or invited. Upgrade your plan to invite more people, or remove a member or a pending invitation.`,
} as const;

export const ZTeamMemberSchema = z.object({
  /** The membership's id (what the member routes take). */
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: ZWorkspaceRoleSchema,
  joinedAt: z.iso.datetime(),
});
export type TTeamMember = z.infer<typeof ZTeamMemberSchema>;

export const ZTeamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: ZWorkspaceRoleSchema,
  expiresAt: z.iso.datetime(),
  invitedBy: z.string(),
});
export type TTeamInvitation = z.infer<typeof ZTeamInvitationSchema>;

/** Settings → Team: the active workspace, its seats, members and (for owners and admins) pending invitations. */
export const ZTeamSchema = z.object({
  workspace: z.object({ id: z.string(), name: z.string(), personal: z.boolean() }),
  role: ZWorkspaceRoleSchema,
  seats: z.object({ included: z.number().int(), used: z.number().int(), plan: z.string() }),
  members: z.array(ZTeamMemberSchema),
  invitations: z.array(ZTeamInvitationSchema),
});
export type TTeam = z.infer<typeof ZTeamSchema>;

/** An invitation can name admin or member; owners are made by transferring ownership. */
export const ZInviteRequestSchema = z.object({
  email: ZEmailSchema,
  role: z.enum(['admin', 'member']).default('member'),
});
export type TInviteRequest = z.infer<typeof ZInviteRequestSchema>;

export const ZChangeRoleRequestSchema = z.object({ role: ZWorkspaceRoleSchema });
export type TChangeRoleRequest = z.infer<typeof ZChangeRoleRequestSchema>;

/** What the invitation page shows before it is accepted (no secret beyond the id the link carries). */
export const ZInvitationPreviewSchema = z.object({
  id: z.string(),
  workspaceName: z.string(),
  invitedBy: z.string(),
  email: z.string(),
  role: ZWorkspaceRoleSchema,
  expiresAt: z.iso.datetime(),
});
export type TInvitationPreview = z.infer<typeof ZInvitationPreviewSchema>;

/** One workspace the signed-in user belongs to, as the avatar menu's switcher lists it. */
export const ZWorkspaceSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  role: ZWorkspaceRoleSchema,
  /** The user's own workspace (its id is their user id): it cannot be left. */
  personal: z.boolean(),
  /** The one the session acts for. */
  active: z.boolean(),
});
export type TWorkspaceSummary = z.infer<typeof ZWorkspaceSummarySchema>;

/** The signed-in user's workspaces, the personal one first, then by name. */
export const ZWorkspaceListSchema = z.object({
  activeWorkspaceId: z.string(),
  workspaces: z.array(ZWorkspaceSummarySchema),
});
export type TWorkspaceList = z.infer<typeof ZWorkspaceListSchema>;

/** The workspace to act for: the one exception to "workspace only from the session", checked against membership. */
export const ZSwitchWorkspaceRequestSchema = z.object({ workspaceId: z.string().min(1).max(200) });
export type TSwitchWorkspaceRequest = z.infer<typeof ZSwitchWorkspaceRequestSchema>;

const invitationId = z.object({ id: z.string().min(1).max(200) });
const memberId = z.object({ memberId: z.string().min(1).max(200) });

/** Members and invitations of the session's active workspace (never one named by the request). */
export const TEAM_ENDPOINTS = {
  team: defineEndpoint({
    method: 'get',
    path: '/api/account/team',
    summary: 'The active workspace’s members',
    description:
      'The workspace of the session, the caller’s role, the seats of its plan, the members and, for ' +
      'owners and admins, the pending invitations.',
    auth: 'session',
    responses: { 200: { description: 'The team.', body: ZTeamSchema } },
  }),
  invite: defineEndpoint({
    method: 'post',
    path: '/api/account/team/invitations',
    summary: 'Invite someone by e-mail (owners and admins)',
    description:
      'Mails a link valid for 7 days. Inviting an address with a pending invitation replaces it (the old ' +
      'link stops working). Members and pending invitations together may not pass the plan’s seats.',
    auth: 'session',
    body: ZInviteRequestSchema,
    responses: { 201: { description: 'The pending invitation.', body: ZTeamInvitationSchema } },
    errors: ['VALIDATION_FAILED', 'FORBIDDEN', 'CONFLICT', 'SEAT_LIMIT_REACHED'],
  }),
  revokeInvitation: defineEndpoint({
    method: 'delete',
    path: '/api/account/team/invitations/:id',
    summary: 'Revoke a pending invitation (owners and admins)',
    auth: 'session',
    params: invitationId,
    responses: { 204: { description: 'Revoked: its link no longer works.' } },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  changeRole: defineEndpoint({
    method: 'patch',
    path: '/api/account/team/members/:memberId',
    summary: 'Change a member’s role',
    description:
      'Owners and admins; only an owner makes or unmakes an owner (an owner making another owner is how ' +
      'ownership is transferred), and the last owner cannot be demoted.',
    auth: 'session',
    params: memberId,
    body: ZChangeRoleRequestSchema,
    responses: { 200: { description: 'The member after the change.', body: ZTeamMemberSchema } },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  }),
  removeMember: defineEndpoint({
    method: 'delete',
    path: '/api/account/team/members/:memberId',
    summary: 'Remove a member (owners and admins; owners only by an owner)',
    description: 'Their access to the workspace ends at the next request in every service.',
    auth: 'session',
    params: memberId,
    responses: { 204: { description: 'Removed.' } },
    errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  }),
  leave: defineEndpoint({
    method: 'post',
    path: '/api/account/team/leave',
    summary: 'Leave the active workspace',
    description: 'Not the last owner, and not one’s personal workspace; the session goes back to it.',
    auth: 'session',
    responses: { 204: { description: 'Left.' } },
    errors: ['CONFLICT'],
  }),
  invitation: defineEndpoint({
    method: 'get',
    path: '/api/account/invitations/:id',
    summary: 'What an invitation link offers',
    description: 'Public: the link’s id is its secret. Expired, revoked and used links say so.',
    auth: 'public',
    params: invitationId,
    responses: { 200: { description: 'The invitation.', body: ZInvitationPreviewSchema } },
    errors: ['NOT_FOUND', 'INVITATION_CLOSED'],
  }),
  acceptInvitation: defineEndpoint({
    method: 'post',
    path: '/api/account/invitations/:id/accept',
    summary: 'Accept an invitation',
    description:
      'By the signed-in, verified user it was sent to (a new person signs up from the link first). ' +
      'The session then acts for the joined workspace.',
    auth: 'session',
    params: invitationId,
    responses: { 200: { description: 'The new membership.', body: ZTeamMemberSchema } },
    errors: ['NOT_FOUND', 'INVITATION_CLOSED', 'FORBIDDEN', 'CONFLICT', 'SEAT_LIMIT_REACHED'],
  }),
  workspaces: defineEndpoint({
    method: 'get',
    path: '/api/account/workspaces',
    summary: 'The signed-in user’s workspaces',
    description: 'Each with the caller’s role in it; the active one is marked.',
    auth: 'session',
    responses: { 200: { description: 'The workspaces.', body: ZWorkspaceListSchema } },
  }),
  switchWorkspace: defineEndpoint({
    method: 'put',
    path: '/api/account/workspaces/active',
    summary: 'Act for another of one’s workspaces',
    description:
      'Only a workspace the caller is a member of. From the next request, in every service, the session ' +
      'acts for it (credits, plan, runs and records follow).',
    auth: 'session',
    body: ZSwitchWorkspaceRequestSchema,
    responses: { 200: { description: 'The workspaces, the new one active.', body: ZWorkspaceListSchema } },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
} as const;
