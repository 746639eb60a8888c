import { AUTH_PATHS } from '@prospector/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './http.ts';

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

/**
 * One key for the shell and every remote: the query cache is a Module Federation singleton, so a
 * remote reads the session the shell already loaded instead of asking again.
 */
export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

/** Shown by a tool page when nobody is signed in (docs/product.md §2, §6). */
export const SIGNED_OUT_TOOL_MESSAGE = 'You must be logged in to use this tool.';

/** `null` when signed out (the endpoint answers 200 with `null`). */
export async function getSession({ signal }: { signal?: AbortSignal } = {}): Promise<TSession | null> {
  const response = await fetch(AUTH_PATHS.getSession, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    signal,
  });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`The session could not be checked (HTTP ${response.status}).`);
  return ((await response.json()) as TSession | null) ?? null;
}

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: SESSION_QUERY_KEY, queryFn: getSession, staleTime: 60_000 });

export const useSession = () => useQuery(sessionQueryOptions());

/** Ends the session on the server. */
export const signOut = () => apiRequest(AUTH_PATHS.signOut, { method: 'POST', body: {} });

/** Forget everything the signed-in user loaded, then mark the session gone (guards react to it). */
export function forgetSignedInUser(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
}
