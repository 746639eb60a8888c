import { MARKETING_ENDPOINTS } from '@prospector/contracts';
import { callEndpoint } from '@prospector/web-data';

/** `POST /api/marketing/opt-out/confirm`: the mailed link's token; resolves to the confirmation. */
export const confirmOptOutByLink = async (token: string, signal?: AbortSignal): Promise<string> =>
  (await callEndpoint(MARKETING_ENDPOINTS.optOutConfirm, { body: { token } }, { signal })).message;
