import { MARKETING_ENDPOINTS, type TPlansView } from '@prospector/contracts';
import { callEndpoint } from './http.ts';

/**
 * `GET /api/marketing/plans`, parsed with the endpoint's schema. Loaded on first use (see
 * `fetchPlansView`): the pricing grid sits below the landing page's fold, so the schema library
 * need not hold up its first paint.
 */
export const requestPlansView = ({ signal }: { signal?: AbortSignal } = {}): Promise<TPlansView> =>
  callEndpoint(MARKETING_ENDPOINTS.plans, {}, { signal });
