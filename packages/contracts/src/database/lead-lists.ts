import { z } from 'zod';
import { MAX_SELECTED_IDS } from './extractions.ts';

/** How long a lead list's name may be, and how many lists one user may keep. */
export const LEAD_LIST_NAME_MAX_LENGTH = 80;
export const MAX_LEAD_LISTS = 500;

export const LEAD_LIST_NOT_FOUND = 'List not found';
export const LEAD_LIST_NAME_REQUIRED = 'Please enter a list name';
export const leadListNameTakenMessage = (name: string): string => `A list named “${name}” already exists`;
export const TOO_MANY_LEAD_LISTS = `You can keep up to ${MAX_LEAD_LISTS} lists. Delete one to make room.`;

/** A list's name: trimmed, one line, 1–80 characters. */
export const ZLeadListNameSchema = z
  .string()
  .trim()
  .min(1, LEAD_LIST_NAME_REQUIRED)
  .max(LEAD_LIST_NAME_MAX_LENGTH, `A list name can be at most ${LEAD_LIST_NAME_MAX_LENGTH} characters`)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), 'A list name cannot contain control characters');

/** `POST /api/database/lists` and `PATCH /api/database/lists/:listId`. */
export const ZLeadListNameRequestSchema = z.object({ name: ZLeadListNameSchema });
export type TLeadListNameRequest = z.infer<typeof ZLeadListNameRequestSchema>;

/** One lead list, with how many saved records it holds (and how many of them have an e-mail: the export). */
export const ZLeadListSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  memberCount: z.number().int().min(0),
  withEmailCount: z.number().int().min(0),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /**
   * The user id of the workspace's member who created it (docs/architecture.md §17); null once that
   * member erased their account. Absent from older servers.
   */
  createdBy: z.string().nullable().optional(),
});
export type TLeadList = z.infer<typeof ZLeadListSchema>;

/** `GET /api/database/lists`: the user's lists, newest first. */
export const ZLeadListsSchema = z.object({ lists: z.array(ZLeadListSchema) });

/** `GET /api/database/lists/:listId/members`: a page of members (the Database page's rows, newest first). */
export const ZLeadListMembersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type TLeadListMembersQuery = z.output<typeof ZLeadListMembersQuerySchema>;

/**
 * `POST /api/database/lists/:listId/members`: which saved records to add, exactly one of
 * - `ids`: records by id (the Database page's selection); any id that is not one of the user's records
 *   refuses the whole request with 404;
 * - `usernames`: the user's records of these accounts (a run's selected results); accounts with no saved
 *   record are counted in `notSaved`;
 * - `runId`: every record that run saved ("Save all to list").
 */
export const ZAddLeadListMembersRequestSchema = z
  .object({
    ids: z.array(z.uuid('Unknown extraction id')).min(1).max(MAX_SELECTED_IDS).optional(),
    usernames: z.array(z.string().trim().min(1).max(64)).min(1).max(MAX_SELECTED_IDS).optional(),
    runId: z.uuid('Unknown run id').optional(),
  })
  .refine(
    (body) => [body.ids, body.usernames, body.runId].filter((value) => value !== undefined).length === 1,
    'Name the records to add: ids, usernames or runId (one of them)',
  );
export type TAddLeadListMembersRequest = z.infer<typeof ZAddLeadListMembersRequestSchema>;

/** How an add went: a list never holds an account twice, so those already in it are only counted. */
export const ZAddLeadListMembersResponseSchema = z.object({
  added: z.number().int().min(0),
  alreadyInList: z.number().int().min(0),
  /** Usernames (or run items) with no saved record to add. */
  notSaved: z.number().int().min(0),
});
export type TAddLeadListMembersResponse = z.infer<typeof ZAddLeadListMembersResponseSchema>;

/** "Added 3 to “Prospects”, 2 already in the list": what the pages say after an add. */
export function leadListAddedMessage(
  listName: string,
  { added, alreadyInList }: TAddLeadListMembersResponse,
) {
  const addedText = `Added ${added} to “${listName}”`;
  return alreadyInList > 0 ? `${addedText}, ${alreadyInList} already in the list` : addedText;
}

/** `POST /api/database/lists/:listId/members/remove`: the records stay saved, only leave the list. */
export const ZRemoveLeadListMembersRequestSchema = z.object({
  ids: z.array(z.uuid('Unknown extraction id')).min(1).max(MAX_SELECTED_IDS),
});
export type TRemoveLeadListMembersRequest = z.infer<typeof ZRemoveLeadListMembersRequestSchema>;
export const ZRemoveLeadListMembersResponseSchema = z.object({ removed: z.number().int().min(0) });
export type TRemoveLeadListMembersResponse = z.infer<typeof ZRemoveLeadListMembersResponseSchema>;

/** `DELETE /api/database/lists/:listId`. */
export const ZDeleteLeadListResponseSchema = z.object({ deleted: z.literal(1) });
