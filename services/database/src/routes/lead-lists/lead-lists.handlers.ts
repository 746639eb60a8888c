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
  const userOf = (c: TUserContext) => c.get('user').userId;
  return {
    async lists(c: TUserContext) {
      return c.json({ lists: await library.lists(userOf(c)) }, 200);
    },
    async create(c: TUserContext, body: TLeadListNameRequest) {
      return c.json(await library.create(userOf(c), body.name), 201);
    },
    async get(c: TUserContext) {
      return c.json(await library.get(userOf(c), listId(c)), 200);
    },
    async rename(c: TUserContext, body: TLeadListNameRequest) {
      return c.json(await library.rename(userOf(c), listId(c), body.name), 200);
    },
    async delete(c: TUserContext) {
      await library.delete(userOf(c), listId(c));
      return c.json({ deleted: 1 as const }, 200);
    },
    async members(c: TUserContext, query: TLeadListMembersQuery) {
      // The page's JSON as PostgreSQL wrote it (see list-extractions.ts).
      return jsonTextResponse(c, await library.members(userOf(c), listId(c), query.page));
    },
    async add(c: TUserContext, body: TAddLeadListMembersRequest) {
      return c.json(await library.add(userOf(c), listId(c), body), 200);
    },
    async remove(c: TUserContext, body: TRemoveLeadListMembersRequest) {
      return c.json({ removed: await library.remove(userOf(c), listId(c), body.ids) }, 200);
    },
  };
}
