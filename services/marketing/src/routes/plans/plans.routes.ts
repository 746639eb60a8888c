import { MARKETING_PATHS } from '@prospector/contracts';

export const PLANS_PATHS = { plans: MARKETING_PATHS.plans } as const;
