import { MARKETING_ENDPOINTS, type TAccessRequest } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';
import { proofOfWork } from './proof-of-work.ts';

/** `POST /api/marketing/opt-out/access`: the answer is mailed to the profile's e-mail, never shown. */
export const sendAccessRequest = async (
  fields: Pick<TAccessRequest, 'username'>,
  signal?: AbortSignal,
): Promise<string> => {
  const proof = await proofOfWork(signal);
  return (await callEndpoint(MARKETING_ENDPOINTS.access, { body: { ...fields, ...proof } }, { signal }))
    .message;
};
