export const STATS_PATHS = { stats: '/api/database/stats' } as const;
