import { MARKETING_ENDPOINTS, type TOptOutRecorded, type TOptOutRequest } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { proofOfWork } from './proof-of-work.ts';

/**
 * `POST /api/marketing/opt-out`: fetches a challenge, solves it, and sends the request. Resolves to the
 * one answer the service gives everyone, with this request's bio code.
 */
export const sendOptOut = async (
  fields: Pick<TOptOutRequest, 'username' | 'email'>,
  signal?: AbortSignal,
): Promise<TOptOutRecorded> => {
  const proof = await proofOfWork(signal);
  return callEndpoint(MARKETING_ENDPOINTS.optOut, { body: { ...fields, ...proof } }, { signal });
};
