import {
  MARKETING_ENDPOINTS,
  solveOptOutChallenge,
  type TAccessRequest,
  type TOptOutBioCheckRequest,
  type TOptOutChallenge,
  type TOptOutRecorded,
  type TOptOutRequest,
} from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';

/**
 * `POST /api/marketing/opt-out`: fetches a challenge, solves it here (a moment of this browser's work,
 * no third party), and sends the request. Resolves to the one answer the service gives everyone, with
 * this request's bio code.
 */
export const sendOptOut = async (
  fields: Pick<TOptOutRequest, 'username' | 'email'>,
  signal?: AbortSignal,
): Promise<TOptOutRecorded> => {
  const proof = await proofOfWork(signal);
  return callEndpoint(MARKETING_ENDPOINTS.optOut, { body: { ...fields, ...proof } }, { signal });
};

/** `POST /api/marketing/opt-out/confirm`: the mailed link's token; resolves to the confirmation. */
export const confirmOptOutByLink = async (token: string, signal?: AbortSignal): Promise<string> =>
  (await callEndpoint(MARKETING_ENDPOINTS.optOutConfirm, { body: { token } }, { signal })).message;

/** `POST /api/marketing/opt-out/bio-check`: "I've added it"; resolves to the confirmation. */
export const checkBioCode = async (fields: TOptOutBioCheckRequest, signal?: AbortSignal): Promise<string> =>
  (await callEndpoint(MARKETING_ENDPOINTS.optOutBioCheck, { body: fields }, { signal })).message;

/** `POST /api/marketing/opt-out/access`: the answer is mailed to the profile's e-mail, never shown. */
export const sendAccessRequest = async (
  fields: Pick<TAccessRequest, 'username'>,
  signal?: AbortSignal,
): Promise<string> => {
  const proof = await proofOfWork(signal);
  return (await callEndpoint(MARKETING_ENDPOINTS.access, { body: { ...fields, ...proof } }, { signal }))
    .message;
};

/** A fresh challenge, solved here (a moment of this browser's work, no third party). */
async function proofOfWork(
  signal?: AbortSignal,
): Promise<Pick<TOptOutChallenge, 'challenge'> & { nonce: string }> {
  const challenge = await callEndpoint(MARKETING_ENDPOINTS.optOutChallenge, {}, { signal });
  return { challenge: challenge.challenge, nonce: await solveOptOutChallenge(challenge, signal) };
}
