import { MARKETING_PATHS, type TPlansView, ZPlansViewSchema } from '@prospector/contracts';
import { apiRequest } from './http.ts';

/**
 * `GET /api/marketing/plans`, parsed with the contract's schema. Loaded on first use (see
 * `fetchPlansView`): the pricing grid sits below the landing page's fold, so the schema library
 * need not hold up its first paint.
 */
export const requestPlansView = async ({ signal }: { signal?: AbortSignal } = {}): Promise<TPlansView> =>
  ZPlansViewSchema.parse(await apiRequest(MARKETING_PATHS.plans, { signal }));
