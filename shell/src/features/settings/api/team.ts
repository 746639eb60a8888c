import {
  type TChangeRoleRequest,
  TEAM_ENDPOINTS,
  type TInviteRequest,
  type TTeam,
} from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { workspaceChanged } from '../../../api/workspaces.ts';

/** Settings → Team's hooks (docs/product.md §11), one key for the active workspace's team. */
export const TEAM_QUERY_KEY = ['account', 'team'] as const;

export const getTeamQueryOptions = () => ({
  queryKey: TEAM_QUERY_KEY,
  queryFn: ({ signal }: { signal?: AbortSignal }): Promise<TTeam> =>
    callEndpoint(TEAM_ENDPOINTS.team, {}, { signal }),
});

/** `GET /api/account/team`: the session's workspace, its seats, members and pending invitations. */
export const useTeam = () => useQuery(getTeamQueryOptions());

function useTeamMutation<TInput, TOutput>(call: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY }),
  });
}

/** `POST /api/account/team/invitations`: also how an invitation is resent (a new link replaces the old). */
export const useInvite = () =>
  useTeamMutation((body: TInviteRequest) => callEndpoint(TEAM_ENDPOINTS.invite, { body }));

export const useRevokeInvitation = () =>
  useTeamMutation((id: string) => callEndpoint(TEAM_ENDPOINTS.revokeInvitation, { params: { id } }));

export const useChangeRole = () =>
  useTeamMutation(({ memberId, role }: { memberId: string } & TChangeRoleRequest) =>
    callEndpoint(TEAM_ENDPOINTS.changeRole, { params: { memberId }, body: { role } }),
  );

export const useRemoveMember = () =>
  useTeamMutation((memberId: string) => callEndpoint(TEAM_ENDPOINTS.removeMember, { params: { memberId } }));

/** `POST /api/account/team/leave`: the session goes back to the personal workspace, so everything reloads. */
export function useLeaveWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(TEAM_ENDPOINTS.leave),
    onSuccess: () => workspaceChanged(queryClient),
  });
}
