import {
  OPT_OUT_PATHS,
  solveOptOutChallenge,
  type TAccessRequest,
  type TOptOutRequest,
  ZOptOutChallengeSchema,
  ZOptOutReceivedSchema,
} from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';

/**
 * `POST /api/marketing/opt-out`: fetches a challenge, solves it here (a moment of this browser's work,
 * no third party), and sends the request. Resolves to the one answer the service gives everyone.
 */
export const sendOptOut = (fields: Pick<TOptOutRequest, 'username' | 'email'>, signal?: AbortSignal) =>
  sendProven(OPT_OUT_PATHS.optOut, fields, signal);

/** `POST /api/marketing/opt-out/access`: the answer is mailed to the profile's e-mail, never shown. */
export const sendAccessRequest = (fields: Pick<TAccessRequest, 'username'>, signal?: AbortSignal) =>
  sendProven(OPT_OUT_PATHS.access, fields, signal);

async function sendProven(path: string, fields: object, signal?: AbortSignal): Promise<string> {
  const challenge = ZOptOutChallengeSchema.parse(await apiRequest(OPT_OUT_PATHS.challenge, { signal }));
  const nonce = await solveOptOutChallenge(challenge, signal);
  const body = { ...fields, challenge: challenge.challenge, nonce };
  const answer = await apiRequest(path, { method: 'POST', body, signal });
  return ZOptOutReceivedSchema.parse(answer).message;
}
