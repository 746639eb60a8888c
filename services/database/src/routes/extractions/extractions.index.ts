import { requireUser, type TSessionVerifier, type TUserVariables } from '@prospector/auth-client';
import { DATABASE_PATHS } from '@prospector/contracts';
import { Hono } from 'hono';
import type { TExtractionLibrary } from '../../extractions/extraction-library.ts';
import { createExtractionsHandlers } from './extractions.handlers.ts';
import { deleteBody, exportQuery, listQuery } from './extractions.routes.ts';

/** The signed-in user's saved extractions: list, detail, categories, export, delete, e-mail re-check. */
export function createExtractionsRoutes(library: TExtractionLibrary, identity: TSessionVerifier) {
  const handlers = createExtractionsHandlers(library);
  const signedIn = requireUser(identity);
  // The fixed paths come before `:id`, which would otherwise take "export" and "delete" for ids.
  return new Hono<{ Variables: TUserVariables }>()
    .get(DATABASE_PATHS.extractions, signedIn, listQuery, (c) => handlers.list(c, c.req.valid('query')))
    .get(DATABASE_PATHS.exportExtractions, signedIn, exportQuery, (c) =>
      handlers.exportCsv(c, c.req.valid('query')),
    )
    .post(DATABASE_PATHS.deleteExtractions, signedIn, deleteBody, (c) =>
      handlers.deleteMany(c, c.req.valid('json')),
    )
    .get(DATABASE_PATHS.categories, signedIn, handlers.categories)
    .get(DATABASE_PATHS.extraction, signedIn, handlers.get)
    .post(DATABASE_PATHS.recheckExtraction, signedIn, handlers.recheck)
    .delete(DATABASE_PATHS.extraction, signedIn, handlers.deleteOne);
}
