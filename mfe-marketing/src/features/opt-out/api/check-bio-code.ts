import { MARKETING_ENDPOINTS, type TOptOutBioCheckRequest } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';

/** `POST /api/marketing/opt-out/bio-check`: "I've added it"; resolves to the confirmation. */
export const checkBioCode = async (fields: TOptOutBioCheckRequest, signal?: AbortSignal): Promise<string> =>
  (await callEndpoint(MARKETING_ENDPOINTS.optOutBioCheck, { body: fields }, { signal })).message;
