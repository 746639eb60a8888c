import { requireUser, type TSessionVerifier, type TUserVariables } from '@prospector/auth-client';
import { DATABASE_PATHS } from '@prospector/contracts';
import { Hono } from 'hono';
import type { TLeadListLibrary } from '../../lead-lists/lead-list-library.ts';
import { createLeadListsHandlers } from './lead-lists.handlers.ts';
import { addMembersBody, membersQuery, nameBody, removeMembersBody } from './lead-lists.routes.ts';

/** The signed-in user's lead lists: list, create, rename, delete; members: page, add, remove. */
export function createLeadListsRoutes(library: TLeadListLibrary, identity: TSessionVerifier) {
  const handlers = createLeadListsHandlers(library);
  const signedIn = requireUser(identity);
  return new Hono<{ Variables: TUserVariables }>()
    .get(DATABASE_PATHS.leadLists, signedIn, handlers.lists)
    .post(DATABASE_PATHS.leadLists, signedIn, nameBody, (c) => handlers.create(c, c.req.valid('json')))
    .get(DATABASE_PATHS.leadList, signedIn, handlers.get)
    .patch(DATABASE_PATHS.leadList, signedIn, nameBody, (c) => handlers.rename(c, c.req.valid('json')))
    .delete(DATABASE_PATHS.leadList, signedIn, handlers.delete)
    .get(DATABASE_PATHS.leadListMembers, signedIn, membersQuery, (c) =>
      handlers.members(c, c.req.valid('query')),
    )
    .post(DATABASE_PATHS.leadListMembers, signedIn, addMembersBody, (c) =>
      handlers.add(c, c.req.valid('json')),
    )
    .post(DATABASE_PATHS.removeLeadListMembers, signedIn, removeMembersBody, (c) =>
      handlers.remove(c, c.req.valid('json')),
    );
}
