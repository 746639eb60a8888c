export { DATABASE_PATHS as STATS_PATHS } from '@prospector/contracts';
