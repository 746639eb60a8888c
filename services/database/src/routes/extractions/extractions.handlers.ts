import { ownerKeyOf } from '@prospector/auth-client';
import {
  AppError,
  EXTRACTION_NOT_FOUND,
  extractionCsvFileName,
  NO_DATA_TO_EXPORT,
  type TDeleteExtractionsRequest,
  type TExtractionExportQuery,
  type TExtractionListQuery,
} from '@prospector/contracts';
import { jsonTextResponse, type TUserContext, uuidOrNotFound } from '@prospector/service-kit';
import type { Context } from 'hono';
import type { TExtractionLibrary } from '../../extractions/extraction-library.ts';

const recordId = (c: TUserContext) => uuidOrNotFound(c.req.param('id'), EXTRACTION_NOT_FOUND);
/** The session's workspace (docs/architecture.md §17): its members share its records. */
const ownerOf = (c: TUserContext) => ownerKeyOf(c.get('user'));
const actorOf = (c: TUserContext) => ({ ownerKey: ownerOf(c), userId: ownerOf(c) });

/** An export as the file download (the page's route and /api/v1 alike); null is "No data to export". */
export function csvDownload(c: Context, csv: ReadableStream<Uint8Array> | null) {
  if (!csv) throw new AppError('NOT_FOUND', NO_DATA_TO_EXPORT);
  return c.body(csv, 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${extractionCsvFileName(new Date())}"`,
    'cache-control': 'no-store',
  });
}

export function createExtractionsHandlers(library: TExtractionLibrary) {
  return {
    async list(c: TUserContext, query: TExtractionListQuery) {
      // The page's JSON as PostgreSQL wrote it (see list-extractions.ts).
      return jsonTextResponse(c, await library.list(ownerOf(c), query));
    },

    async get(c: TUserContext) {
      const detail = await library.get(ownerOf(c), recordId(c));
      if (!detail) throw new AppError('NOT_FOUND', EXTRACTION_NOT_FOUND);
      return c.json(detail, 200);
    },

    async categories(c: TUserContext) {
      return c.json({ categories: await library.categories(ownerOf(c)) }, 200);
    },

    async recheck(c: TUserContext) {
      return c.json(await library.recheck(actorOf(c), recordId(c)), 200);
    },

    async deleteOne(c: TUserContext) {
      const deleted = await library.delete(ownerOf(c), [recordId(c)]);
      if (deleted === 0) throw new AppError('NOT_FOUND', EXTRACTION_NOT_FOUND);
      return c.json({ deleted }, 200);
    },

    async deleteMany(c: TUserContext, body: TDeleteExtractionsRequest) {
      return c.json({ deleted: await library.delete(ownerOf(c), body.ids) }, 200);
    },

    async exportCsv(c: TUserContext, query: TExtractionExportQuery) {
      return csvDownload(c, await library.exportCsv(actorOf(c), query, c.req.raw.signal));
    },
  };
}
