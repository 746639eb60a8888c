export {
  createCachedSessionVerifier,
  SESSION_CACHE_TTL_MS,
  SESSION_END_SUBJECTS,
  type TCachedSessionVerifier,
  type TLiveEventSource,
} from './cached-session-verifier.ts';
export { requireUser, type TUserVariables, UNAUTHENTICATED_MESSAGE } from './require-user.ts';
export {
  createFetchSessionVerifier,
  createHttpSessionVerifier,
  SessionVerifierUnavailableError,
  type TSessionVerifier,
} from './session-verifier.ts';
