import { defineEndpoint } from '../endpoint.ts';
import {
  ZDeleteExtractionsRequestSchema,
  ZDeleteExtractionsResponseSchema,
  ZExtractionCategoriesSchema,
  ZExtractionDetailSchema,
  ZExtractionExportQuerySchema,
  ZExtractionListQuerySchema,
  ZExtractionPageSchema,
  ZRecheckResultSchema,
} from './extractions.ts';
import {
  ZAddLeadListMembersRequestSchema,
  ZAddLeadListMembersResponseSchema,
  ZDeleteLeadListResponseSchema,
  ZLeadListMembersQuerySchema,
  ZLeadListNameRequestSchema,
  ZLeadListSchema,
  ZLeadListsSchema,
  ZRemoveLeadListMembersRequestSchema,
  ZRemoveLeadListMembersResponseSchema,
} from './lead-lists.ts';
import { EXTRACTIONS_EXPORT_PATH } from './paths.ts';
import { ZExtractionStatsSchema, ZOptOutRemovalsSchema } from './stats.ts';

/** The database service's endpoints: the signed-in user's saved extractions and lead lists. */
export const DATABASE_ENDPOINTS = {
  stats: defineEndpoint({
    method: 'get',
    path: '/api/database/stats',
    summary: 'Extraction figures for the stat cards',
    auth: 'session',
    responses: { 200: { description: 'Totals and the success rate.', body: ZExtractionStatsSchema } },
  }),
  optOutRemovals: defineEndpoint({
    method: 'get',
    path: '/api/database/opt-out-removals',
    summary: 'Records removed after opt-out requests',
    description:
      'How many of the user’s saved records were removed because the account’s owner opted out on the ' +
      'public opt-out page. Such records are never listed, shown or exported again.',
    auth: 'session',
    responses: { 200: { description: 'The count.', body: ZOptOutRemovalsSchema } },
  }),
  list: defineEndpoint({
    method: 'get',
    path: '/api/database/extractions',
    summary: 'One page of saved extractions, filtered',
    description: 'Newest first, 25 a page; a page beyond the last answers the last.',
    auth: 'session',
    query: ZExtractionListQuerySchema,
    responses: {
      200: { description: 'The page and the totals.', body: ZExtractionPageSchema, sentAsText: true },
    },
  }),
  exportCsv: defineEndpoint({
    method: 'get',
    path: EXTRACTIONS_EXPORT_PATH,
    summary: 'Export as CSV',
    description:
      'The filtered records (or only `ids`) that have a public e-mail, as a `;`-separated UTF-8 CSV with a ' +
      'byte-order mark, streamed. Cells that a spreadsheet would run as a formula are neutralised. ' +
      '`includeEmailStatus=true` adds an `email_status` column after the spec’s columns. One ' +
      'export per user at a time (429 "An export is already running. Please wait for it to finish."); ' +
      'exports beyond the service\'s few slots wait up to 15 s for one (then 429 "Many exports are running ' +
      'right now. Please try again in a minute.").',
    auth: 'session',
    query: ZExtractionExportQuerySchema,
    responses: {
      200: {
        description: 'The CSV file.',
        contentType: 'text/csv; charset=utf-8',
        headers: { 'content-disposition': 'attachment; filename="…"' },
      },
      404: { description: 'NOT_FOUND: nothing to export ("No data to export").' },
    },
    errors: ['RATE_LIMITED'],
  }),
  deleteMany: defineEndpoint({
    method: 'post',
    path: '/api/database/extractions/delete',
    summary: 'Delete several records',
    description: 'Only the user’s own records are deleted; ids of anyone else’s count for nothing.',
    auth: 'session',
    body: ZDeleteExtractionsRequestSchema,
    responses: { 200: { description: 'How many were deleted.', body: ZDeleteExtractionsResponseSchema } },
  }),
  categories: defineEndpoint({
    method: 'get',
    path: '/api/database/categories',
    summary: 'The categories of the user’s records',
    auth: 'session',
    responses: { 200: { description: 'Distinct, sorted.', body: ZExtractionCategoriesSchema } },
  }),
  get: defineEndpoint({
    method: 'get',
    path: '/api/database/extractions/:id',
    summary: 'One record, the whole profile as extracted',
    description: 'An id that is not a UUID, or not one of the user’s records, is a 404.',
    auth: 'session',
    responses: { 200: { description: 'The record.', body: ZExtractionDetailSchema } },
    errors: ['NOT_FOUND'],
  }),
  recheck: defineEndpoint({
    method: 'post',
    path: '/api/database/extractions/:id/recheck',
    summary: 'Re-check a record: fetch the profile again, check its e-mail, renew the record',
    description:
      'Free (no credit is held or captured), at most once a day per record. The record takes the profile ' +
      'as it is now and a new fetch date, so it is kept another retention period. A record without an ' +
      'e-mail is not given one (an extraction charges for that; `notice` says so). When the e-mail is now ' +
      'undeliverable and the record cost a credit, the credit is refunded (once). A fetch, check or refund ' +
      'that could not be made does not use up the day (503); an account that no longer exists, or whose ' +
      'owner opted out, is a 409 and the record is left as it was.',
    auth: 'session',
    responses: { 200: { description: 'The renewed record.', body: ZRecheckResultSchema } },
    errors: ['NOT_FOUND', 'CONFLICT', 'RATE_LIMITED', 'UNAVAILABLE'],
  }),
  deleteOne: defineEndpoint({
    method: 'delete',
    path: '/api/database/extractions/:id',
    summary: 'Delete one record',
    auth: 'session',
    responses: { 200: { description: 'Deleted.', body: ZDeleteExtractionsResponseSchema } },
    errors: ['NOT_FOUND'],
  }),
  leadLists: defineEndpoint({
    method: 'get',
    path: '/api/database/lists',
    summary: 'The user’s lead lists',
    description: 'Newest first, each with its member count and how many members have an e-mail.',
    auth: 'session',
    responses: { 200: { description: 'The lists.', body: ZLeadListsSchema } },
  }),
  createLeadList: defineEndpoint({
    method: 'post',
    path: '/api/database/lists',
    summary: 'Create a lead list',
    description: 'Names are unique per user whatever their case (409 otherwise); up to 500 lists.',
    auth: 'session',
    body: ZLeadListNameRequestSchema,
    responses: { 201: { description: 'The new, empty list.', body: ZLeadListSchema } },
    errors: ['CONFLICT'],
  }),
  leadList: defineEndpoint({
    method: 'get',
    path: '/api/database/lists/:listId',
    summary: 'One lead list',
    description: 'An id that is not a UUID, or not one of the user’s lists, is a 404 "List not found".',
    auth: 'session',
    responses: { 200: { description: 'The list and its counts.', body: ZLeadListSchema } },
    errors: ['NOT_FOUND'],
  }),
  renameLeadList: defineEndpoint({
    method: 'patch',
    path: '/api/database/lists/:listId',
    summary: 'Rename a lead list',
    auth: 'session',
    body: ZLeadListNameRequestSchema,
    responses: { 200: { description: 'The renamed list.', body: ZLeadListSchema } },
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
  deleteLeadList: defineEndpoint({
    method: 'delete',
    path: '/api/database/lists/:listId',
    summary: 'Delete a lead list',
    description: 'The list goes; its records stay saved.',
    auth: 'session',
    responses: { 200: { description: 'Deleted.', body: ZDeleteLeadListResponseSchema } },
    errors: ['NOT_FOUND'],
  }),
  leadListMembers: defineEndpoint({
    method: 'get',
    path: '/api/database/lists/:listId/members',
    summary: 'One page of a list’s members',
    description:
      'The Database page’s rows, newest first, 25 a page. A record deleted or opted out has left every list. ' +
      'The list’s CSV is the export with `list=<id>`.',
    auth: 'session',
    query: ZLeadListMembersQuerySchema,
    responses: {
      200: { description: 'The page and the totals.', body: ZExtractionPageSchema, sentAsText: true },
    },
    errors: ['NOT_FOUND'],
  }),
  addLeadListMembers: defineEndpoint({
    method: 'post',
    path: '/api/database/lists/:listId/members',
    summary: 'Add saved records to a list',
    description:
      'By `ids`, by `usernames` or every record a run saved (`runId`). A list never holds an account twice: ' +
      'records already in it are counted in `alreadyInList`. An id that is not one of the user’s records ' +
      'refuses the whole add (404).',
    auth: 'session',
    body: ZAddLeadListMembersRequestSchema,
    responses: { 200: { description: 'How many were added.', body: ZAddLeadListMembersResponseSchema } },
    errors: ['NOT_FOUND'],
  }),
  removeLeadListMembers: defineEndpoint({
    method: 'post',
    path: '/api/database/lists/:listId/members/remove',
    summary: 'Take records out of a list',
    description: 'The records stay saved; ids that are not in the list count for nothing.',
    auth: 'session',
    body: ZRemoveLeadListMembersRequestSchema,
    responses: {
      200: { description: 'How many left the list.', body: ZRemoveLeadListMembersResponseSchema },
    },
    errors: ['NOT_FOUND'],
  }),
} as const;
