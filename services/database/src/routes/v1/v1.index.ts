import { ownerKeyOf } from '@prospector/auth-client';
import type { TEventBus } from '@prospector/bus';
import {
  AppError,
  CSV_BOM,
  EXTRACTION_NOT_FOUND,
  extractionCsvHeader,
  V1_ENDPOINTS,
} from '@prospector/contracts';
import {
  createPublicApi,
  decodeCursor,
  encodeCursor,
  publicApiMiddleware,
  routeOf,
  type TLogger,
  uuidOrNotFound,
} from '@prospector/service-kit';
import { z } from 'zod';
import type { TExtractionLibrary } from '../../extractions/extraction-library.ts';
import { csvDownload } from '../extractions/extractions.handlers.ts';

const ZPositionSchema = z.object({ at: z.string().max(64), id: z.uuid() });

/** `/api/v1/extractions…`: the saved records of the key's workspace (docs/architecture.md §12, §17). */
export function createV1Routes(deps: { bus: TEventBus; logger: TLogger; library: TExtractionLibrary }) {
  const key = publicApiMiddleware(deps.bus, deps.logger);
  const { library } = deps;
  return createPublicApi(deps.logger)
    .openapi(routeOf(V1_ENDPOINTS.listExtractions, key), async (c) => {
      const { cursor, limit, ...filters } = c.req.valid('query');
      const after = decodeCursor(cursor, ZPositionSchema);
      const page = await library.listAfter(ownerKeyOf(c.get('user')), { filters, after, limit });
      return c.json({ items: page.items, nextCursor: page.next ? encodeCursor(page.next) : null }, 200);
    })
    .openapi(routeOf(V1_ENDPOINTS.exportExtractions, key), async (c) => {
      const query = c.req.valid('query');
      const csv = await library.exportCsv(
        { ownerKey: ownerKeyOf(c.get('user')), userId: c.get('user').userId },
        query,
        c.req.raw.signal,
      );
      // A scheduled export of "nothing new" is not an error: the header row alone.
      const empty = () =>
        new Blob([
          CSV_BOM,
          extractionCsvHeader(query.includeEmailStatus),
        ]).stream() as ReadableStream<Uint8Array>;
      return csvDownload(c, csv ?? empty());
    })
    .openapi(routeOf(V1_ENDPOINTS.deleteExtraction, key), async (c) => {
      const id = uuidOrNotFound(c.req.valid('param').id, EXTRACTION_NOT_FOUND);
      const deleted = await library.delete(ownerKeyOf(c.get('user')), [id]);
      if (deleted === 0) throw new AppError('NOT_FOUND', EXTRACTION_NOT_FOUND);
      return c.body(null, 204);
    });
}
