import type { TUserVariables } from '@prospector/auth-client';
import {
  AppError,
  LEAD_LIST_NOT_FOUND,
  type TAddLeadListMembersRequest,
  type TLeadListMembersQuery,
  type TLeadListNameRequest,
  type TRemoveLeadListMembersRequest,
} from '@prospector/contracts';
import type { Context } from 'hono';
import { z } from 'zod';
import type { TLeadListLibrary } from '../../lead-lists/lead-list-library.ts';

type TContext = Context<{ Variables: TUserVariables }>;

/** A list id that is not even a uuid is as unknown as another user's. */
function listId(c: TContext): string {
  const id = z.uuid().safeParse(c.req.param('listId'));
  if (!id.success) throw new AppError('NOT_FOUND', LEAD_LIST_NOT_FOUND);
  return id.data;
}

export function createLeadListsHandlers(library: TLeadListLibrary) {
  const userOf = (c: TContext) => c.get('user').userId;
  return {
    async lists(c: TContext) {
      return c.json({ lists: await library.lists(userOf(c)) }, 200);
    },
    async create(c: TContext, body: TLeadListNameRequest) {
      return c.json(await library.create(userOf(c), body.name), 201);
    },
    async get(c: TContext) {
      return c.json(await library.get(userOf(c), listId(c)), 200);
    },
    async rename(c: TContext, body: TLeadListNameRequest) {
      return c.json(await library.rename(userOf(c), listId(c), body.name), 200);
    },
    async delete(c: TContext) {
      await library.delete(userOf(c), listId(c));
      return c.json({ deleted: 1 as const }, 200);
    },
    async members(c: TContext, query: TLeadListMembersQuery) {
      // The page's JSON as PostgreSQL wrote it (see list-extractions.ts).
      return c.body(await library.members(userOf(c), listId(c), query.page), 200, {
        'content-type': 'application/json',
      });
    },
    async add(c: TContext, body: TAddLeadListMembersRequest) {
      return c.json(await library.add(userOf(c), listId(c), body), 200);
    },
    async remove(c: TContext, body: TRemoveLeadListMembersRequest) {
      return c.json({ removed: await library.remove(userOf(c), listId(c), body.ids) }, 200);
    },
  };
}
