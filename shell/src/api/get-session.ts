import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client.ts';

/** The signed-in user as better-auth's `GET /api/auth/get-session` returns it. */
export type TSessionUser = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  firstName?: string | null;
  lastName?: string | null;
};
export type TSession = { user: TSessionUser; session: { id: string; expiresAt: string } };

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

/** `null` when signed out (the endpoint answers 200 with `null`). */
export const getSession = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest<TSession | null>('/api/auth/get-session', { signal }).then((session) => session ?? null);

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: SESSION_QUERY_KEY, queryFn: getSession, staleTime: 60_000 });

export const useSession = () => useQuery(sessionQueryOptions());
