export {
  createCachedSessionVerifier,
  SESSION_END_SUBJECTS,
  type TCachedSessionVerifier,
} from './cached-session-verifier.ts';
export { ownerKeyOf, personalSessionOf, requireRole } from './require-role.ts';
export { requireUser, type TUserVariables } from './require-user.ts';
export {
  createFetchSessionVerifier,
  createHttpSessionVerifier,
  SessionVerifierUnavailableError,
  type TSessionVerifier,
} from './session-verifier.ts';
