import { TEAM_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { useQuery } from '@tanstack/react-query';

export const invitationQueryKey = (id: string) => ['account', 'invitation', id] as const;

/** `GET /api/account/invitations/:id`: who invited whom to which workspace; a closed link is a 4xx. */
export const getInvitationQueryOptions = (id: string) => ({
  queryKey: invitationQueryKey(id),
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    callEndpoint(TEAM_ENDPOINTS.invitation, { params: { id } }, { signal }),
});

export const useInvitation = (id: string) => useQuery(getInvitationQueryOptions(id));
