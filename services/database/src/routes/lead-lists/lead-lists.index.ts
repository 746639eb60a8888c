import type { TSessionVerifier } from '@prospector/auth-client';
import { DATABASE_ENDPOINTS } from '@prospector/contracts';
import { createSignedInApp } from '@prospector/service-kit';
import type { TLeadListLibrary } from '../../lead-lists/lead-list-library.ts';
import { createLeadListsHandlers } from './lead-lists.handlers.ts';

/** The signed-in user's lead lists: list, create, rename, delete; members: page, add, remove. */
export function createLeadListsRoutes(library: TLeadListLibrary, identity: TSessionVerifier) {
  const handlers = createLeadListsHandlers(library);
  const { app, signedIn } = createSignedInApp(identity);
  return app
    .openapi(signedIn(DATABASE_ENDPOINTS.leadLists), handlers.lists)
    .openapi(signedIn(DATABASE_ENDPOINTS.createLeadList), (c) => handlers.create(c, c.req.valid('json')))
    .openapi(signedIn(DATABASE_ENDPOINTS.leadList), handlers.get)
    .openapi(signedIn(DATABASE_ENDPOINTS.renameLeadList), (c) => handlers.rename(c, c.req.valid('json')))
    .openapi(signedIn(DATABASE_ENDPOINTS.deleteLeadList), handlers.delete)
    .openapi(signedIn(DATABASE_ENDPOINTS.leadListMembers), (c) => handlers.members(c, c.req.valid('query')))
    .openapi(signedIn(DATABASE_ENDPOINTS.addLeadListMembers), (c) => handlers.add(c, c.req.valid('json')))
    .openapi(signedIn(DATABASE_ENDPOINTS.removeLeadListMembers), (c) =>
      handlers.remove(c, c.req.valid('json')),
    );
}
