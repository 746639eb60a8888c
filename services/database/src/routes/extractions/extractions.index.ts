import { requireUser, type TSessionVerifier, type TUserVariables } from '@prospector/auth-client';
import { DATABASE_ENDPOINTS } from '@prospector/contracts';
import { createEndpointApp, routeOf } from '@prospector/service-kit';
import type { TExtractionLibrary } from '../../extractions/extraction-library.ts';
import { createExtractionsHandlers } from './extractions.handlers.ts';

/** The signed-in user's saved extractions: list, detail, categories, export, delete, e-mail re-check. */
export function createExtractionsRoutes(library: TExtractionLibrary, identity: TSessionVerifier) {
  const handlers = createExtractionsHandlers(library);
  const signedIn = requireUser(identity);
  // The fixed paths come before `:id`, which would otherwise take "export" and "delete" for ids.
  return createEndpointApp<{ Variables: TUserVariables }>()
    .openapi(routeOf(DATABASE_ENDPOINTS.list, [signedIn]), (c) => handlers.list(c, c.req.valid('query')))
    .openapi(routeOf(DATABASE_ENDPOINTS.exportCsv, [signedIn]), (c) =>
      handlers.exportCsv(c, c.req.valid('query')),
    )
    .openapi(routeOf(DATABASE_ENDPOINTS.deleteMany, [signedIn]), (c) =>
      handlers.deleteMany(c, c.req.valid('json')),
    )
    .openapi(routeOf(DATABASE_ENDPOINTS.categories, [signedIn]), handlers.categories)
    .openapi(routeOf(DATABASE_ENDPOINTS.get, [signedIn]), handlers.get)
    .openapi(routeOf(DATABASE_ENDPOINTS.recheck, [signedIn]), handlers.recheck)
    .openapi(routeOf(DATABASE_ENDPOINTS.deleteOne, [signedIn]), handlers.deleteOne);
}
