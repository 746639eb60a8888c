/** The service's /api/v1 route definitions alone (no handlers), for the edge's OpenAPI document. */
export { DATABASE_V1_ROUTES } from './routes/v1/v1.routes.ts';
