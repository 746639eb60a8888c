import { type TVerifiedUser, type TWorkspaceRole, WORKSPACE_ROLES } from '@prospector/contracts';

/** Answers "who is this request?" from its headers (the session cookie); null when nobody is signed in. */
export interface TSessionVerifier {
  verify(headers: Headers): Promise<TVerifiedUser | null>;
}

/** Thrown when the account service cannot answer; requireUser turns it into a 503, never a 401. */
export class SessionVerifierUnavailableError extends Error {
  constructor(cause: unknown) {
    super(
      `The account service could not verify the session: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
    this.name = 'SessionVerifierUnavailableError';
  }
}

/** Only what identifies the session travels to the account service. */
const FORWARDED_HEADERS = ['cookie', 'authorization'] as const;

interface TGetSessionBody {
  user?: { id?: unknown; email?: unknown; name?: unknown } | null;
  /** The session's active workspace and the user's role there (the account service's customSession). */
  workspace?: { id?: unknown; role?: unknown } | null;
}

const ROLES: readonly unknown[] = WORKSPACE_ROLES;

/**
 * Asks better-auth's `GET /api/auth/get-session` through any fetch function: a real one for
 * distributed mode, the account app's own `fetch` for embedded mode (same check, no network).
 */
export function createFetchSessionVerifier(
  fetchSession: (request: Request) => Promise<Response>,
): TSessionVerifier {
  return {
    async verify(headers) {
      const forwarded = new Headers();
      for (const name of FORWARDED_HEADERS) {
        const value = headers.get(name);
        if (value) forwarded.set(name, value);
      }
      if (![...forwarded.keys()].length) return null;
      let response: Response;
      try {
        response = await fetchSession(
          new Request('http://account.internal/api/auth/get-session', { headers: forwarded }),
        );
      } catch (error) {
        throw new SessionVerifierUnavailableError(error);
      }
      if (response.status === 401) return null;
      if (!response.ok) throw new SessionVerifierUnavailableError(`status ${response.status}`);
      const body = (await response.json().catch(() => null)) as TGetSessionBody | null;
      const user = body?.user;
      if (!user || typeof user.id !== 'string' || typeof user.email !== 'string') return null;
      const workspace = body?.workspace;
      // A session always acts for a workspace; one without it is the account service failing, never a
      // reason to guess a workspace or a role.
      if (!workspace || typeof workspace.id !== 'string' || !ROLES.includes(workspace.role))
        throw new SessionVerifierUnavailableError('the session names no workspace');
      return {
        userId: user.id,
        email: user.email,
        ...(typeof user.name === 'string' && user.name.trim() ? { name: user.name.trim() } : {}),
        workspaceId: workspace.id,
        role: workspace.role as TWorkspaceRole,
      };
    },
  };
}

/** Distributed mode: the account service at `accountServiceUrl` (e.g. http://account:3101). */
export function createHttpSessionVerifier(
  accountServiceUrl: string,
  fetchImpl: typeof fetch = fetch,
): TSessionVerifier {
  const base = accountServiceUrl.replace(/\/$/, '');
  return createFetchSessionVerifier((request) => {
    const url = new URL(request.url);
    return fetchImpl(`${base}${url.pathname}${url.search}`, {
      headers: request.headers,
      signal: AbortSignal.timeout(5_000),
    });
  });
}
