import type { TSessionVerifier } from '@prospector/auth-client';
import { DATABASE_ENDPOINTS } from '@prospector/contracts';
import { createSignedInApp } from '@prospector/service-kit';
import type { TExtractionLibrary } from '../../extractions/extraction-library.ts';
import { createExtractionsHandlers } from './extractions.handlers.ts';

/** The signed-in user's saved extractions: list, detail, categories, export, delete, e-mail re-check. */
export function createExtractionsRoutes(library: TExtractionLibrary, identity: TSessionVerifier) {
  const handlers = createExtractionsHandlers(library);
  const { app, signedIn } = createSignedInApp(identity);
  // The fixed paths come before `:id`, which would otherwise take "export" and "delete" for ids.
  return app
    .openapi(signedIn(DATABASE_ENDPOINTS.list), (c) => handlers.list(c, c.req.valid('query')))
    .openapi(signedIn(DATABASE_ENDPOINTS.exportCsv), (c) => handlers.exportCsv(c, c.req.valid('query')))
    .openapi(signedIn(DATABASE_ENDPOINTS.deleteMany), (c) => handlers.deleteMany(c, c.req.valid('json')))
    .openapi(signedIn(DATABASE_ENDPOINTS.categories), handlers.categories)
    .openapi(signedIn(DATABASE_ENDPOINTS.get), handlers.get)
    .openapi(signedIn(DATABASE_ENDPOINTS.recheck), handlers.recheck)
    .openapi(signedIn(DATABASE_ENDPOINTS.deleteOne), handlers.deleteOne);
}
