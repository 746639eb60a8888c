import { ownerKeyOf } from '@prospector/auth-client';
import {
  LEAD_LIST_NOT_FOUND,
  type TAddLeadListMembersRequest,
  type TLeadListMembersQuery,
  type TLeadListNameRequest,
  type TRemoveLeadListMembersRequest,
} from '@prospector/contracts';
import { jsonTextResponse, type TUserContext, uuidOrNotFound } from '@prospector/service-kit';
import type { TLeadListLibrary } from '../../lead-lists/lead-list-library.ts';

const listId = (c: TUserContext) => uuidOrNotFound(c.req.param('listId'), LEAD_LIST_NOT_FOUND);

export function createLeadListsHandlers(library: TLeadListLibrary) {
  // The session's workspace (docs/architecture.md §17): its members share its lists.
  const ownerOf = (c: TUserContext) => ownerKeyOf(c.get('user'));
  return {
    async lists(c: TUserContext) {
      return c.json({ lists: await library.lists(ownerOf(c)) }, 200);
    },
    async create(c: TUserContext, body: TLeadListNameRequest) {
      const user = c.get('user');
      return c.json(
        await library.create({ ownerKey: ownerKeyOf(user), userId: user.userId }, body.name),
        201,
      );
    },
    async get(c: TUserContext) {
      return c.json(await library.get(ownerOf(c), listId(c)), 200);
    },
    async rename(c: TUserContext, body: TLeadListNameRequest) {
      return c.json(await library.rename(ownerOf(c), listId(c), body.name), 200);
    },
    async delete(c: TUserContext) {
      await library.delete(ownerOf(c), listId(c));
      return c.json({ deleted: 1 as const }, 200);
    },
    async members(c: TUserContext, query: TLeadListMembersQuery) {
      // The page's JSON as PostgreSQL wrote it (see list-extractions.ts).
      return jsonTextResponse(c, await library.members(ownerOf(c), listId(c), query.page));
    },
    async add(c: TUserContext, body: TAddLeadListMembersRequest) {
      return c.json(await library.add(ownerOf(c), listId(c), body), 200);
    },
    async remove(c: TUserContext, body: TRemoveLeadListMembersRequest) {
      return c.json({ removed: await library.remove(ownerOf(c), listId(c), body.ids) }, 200);
    },
  };
}
