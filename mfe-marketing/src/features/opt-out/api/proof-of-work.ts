import { MARKETING_ENDPOINTS, solveOptOutChallenge, type TOptOutChallenge } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';

/**
 * `GET /api/marketing/opt-out/challenge`: a fresh challenge, solved here (a moment of this browser's
 * work, no third party). Sent with an opt-out and an access request.
 */
export async function proofOfWork(
  signal?: AbortSignal,
): Promise<Pick<TOptOutChallenge, 'challenge'> & { nonce: string }> {
  const challenge = await callEndpoint(MARKETING_ENDPOINTS.optOutChallenge, {}, { signal });
  return { challenge: challenge.challenge, nonce: await solveOptOutChallenge(challenge, signal) };
}
