/** The session query is shared with the remotes, so it lives in `@prospector/auth-client/react`. */
export {
  getSession,
  SESSION_QUERY_KEY,
  sessionQueryOptions,
  type TSession,
  type TSessionUser,
  useSession,
} from '@prospector/auth-client/react';
