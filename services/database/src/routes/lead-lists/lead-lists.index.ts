import { requireUser, type TSessionVerifier, type TUserVariables } from '@prospector/auth-client';
import { DATABASE_ENDPOINTS } from '@prospector/contracts';
import { createEndpointApp, routeOf } from '@prospector/service-kit';
import type { TLeadListLibrary } from '../../lead-lists/lead-list-library.ts';
import { createLeadListsHandlers } from './lead-lists.handlers.ts';

/** The signed-in user's lead lists: list, create, rename, delete; members: page, add, remove. */
export function createLeadListsRoutes(library: TLeadListLibrary, identity: TSessionVerifier) {
  const handlers = createLeadListsHandlers(library);
  const signedIn = requireUser(identity);
  return createEndpointApp<{ Variables: TUserVariables }>()
    .openapi(routeOf(DATABASE_ENDPOINTS.leadLists, [signedIn]), handlers.lists)
    .openapi(routeOf(DATABASE_ENDPOINTS.createLeadList, [signedIn]), (c) =>
      handlers.create(c, c.req.valid('json')),
    )
    .openapi(routeOf(DATABASE_ENDPOINTS.leadList, [signedIn]), handlers.get)
    .openapi(routeOf(DATABASE_ENDPOINTS.renameLeadList, [signedIn]), (c) =>
      handlers.rename(c, c.req.valid('json')),
    )
    .openapi(routeOf(DATABASE_ENDPOINTS.deleteLeadList, [signedIn]), handlers.delete)
    .openapi(routeOf(DATABASE_ENDPOINTS.leadListMembers, [signedIn]), (c) =>
      handlers.members(c, c.req.valid('query')),
    )
    .openapi(routeOf(DATABASE_ENDPOINTS.addLeadListMembers, [signedIn]), (c) =>
      handlers.add(c, c.req.valid('json')),
    )
    .openapi(routeOf(DATABASE_ENDPOINTS.removeLeadListMembers, [signedIn]), (c) =>
      handlers.remove(c, c.req.valid('json')),
    );
}
