import {
  OPT_OUT_PATHS,
  solveOptOutChallenge,
  type TOptOutRequest,
  ZOptOutChallengeSchema,
  ZOptOutReceivedSchema,
} from '@prospector/contracts';
import { apiRequest } from '@prospector/web-data';

/**
 * `POST /api/marketing/opt-out`: fetches a challenge, solves it here (a moment of this browser's work,
 * no third party), and sends the request. Resolves to the one answer the service gives everyone.
 */
export async function sendOptOut(
  fields: Pick<TOptOutRequest, 'username' | 'email'>,
  signal?: AbortSignal,
): Promise<string> {
  const challenge = ZOptOutChallengeSchema.parse(await apiRequest(OPT_OUT_PATHS.challenge, { signal }));
  const nonce = await solveOptOutChallenge(challenge, signal);
  const body: TOptOutRequest = { ...fields, challenge: challenge.challenge, nonce };
  const answer = await apiRequest(OPT_OUT_PATHS.optOut, { method: 'POST', body, signal });
  return ZOptOutReceivedSchema.parse(answer).message;
}
