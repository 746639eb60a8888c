import type { TEventBus } from '@prospector/bus';
import {
  DEFAULT_RECORD_RETENTION_MONTHS,
  type TExtractionEmailChecked,
  type TExtractionExportQuery,
  type TExtractionFilters,
  type TExtractionListQuery,
  type TExtractionRecorded,
} from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { createOptOutKeys, type TOptOutKeys } from '@prospector/service-kit';
import { applyEmailCheck } from './apply-email-check.ts';
import { EXPORT_STALL_MS } from './copy-download.ts';
import { deleteExtractions } from './delete-extractions.ts';
import { exportExtractionsCsv } from './export-extractions.ts';
import { createExportSlots, EXPORT_SLOT_WAIT_MS, exportSlotsFor } from './export-slots.ts';
import { extractedUsernames } from './extracted-usernames.ts';
import { actorOf, type TActor } from './extraction-actor.ts';
import { getExtraction } from './get-extraction.ts';
import { listCategories } from './list-categories.ts';
import { listExtractions } from './list-extractions.ts';
import { listExtractionsAfter, type TExtractionPosition } from './list-extractions-after.ts';
import { recheckExtraction } from './recheck-extraction.ts';
import { recordExtraction } from './record-extraction.ts';

export type { TActor } from './extraction-actor.ts';
export type { TExtractionPosition } from './list-extractions-after.ts';

/** How exports share the service's connections (see export-slots.ts and copy-download.ts). */
export interface TExportOptions {
  /** Exports at once in this process; a third of the pool by default. */
  slots?: number;
  /** How long an export waits for a slot. */
  slotWaitMs?: number;
  /** How long an export's client may take nothing before the export is ended. */
  stallMs?: number;
}

/**
 * The saved-extractions library, a facade over one file per verb (record, list, get, delete, export,
 * re-check …), each `(db, input)`: every operation scoped to one workspace (`ownerKey`), verified by the
 * caller. An actor may be a bare user id: that user in their personal workspace. The bus is for the
 * re-check, which asks the extractor and billing.
 */
export function createExtractionLibrary(
  database: TDatabase,
  {
    bus,
    exports: exportOptions = {},
    optOutKeys = createOptOutKeys(),
    retentionMonths = DEFAULT_RECORD_RETENTION_MONTHS,
  }: {
    bus?: Pick<TEventBus, 'request'>;
    exports?: TExportOptions;
    optOutKeys?: TOptOutKeys;
    /** RECORD_RETENTION_MONTHS: each record's expiry as the page shows it (0: kept). */
    retentionMonths?: number;
  } = {},
) {
  const { db } = database;
  // One set of slots per library: the service builds one library for its routes.
  const slots = createExportSlots(database, {
    slots: exportOptions.slots ?? exportSlotsFor(database.poolSize),
    waitMs: exportOptions.slotWaitMs ?? EXPORT_SLOT_WAIT_MS,
  });
  const stallMs = exportOptions.stallMs ?? EXPORT_STALL_MS;
  return {
    record: (actor: TActor | string, recorded: TExtractionRecorded, recordedAt: Date) =>
      recordExtraction(db, { optOutKeys, actor: actorOf(actor), recorded, recordedAt }),
    extracted: (ownerKey: string, usernames: readonly string[]) =>
      extractedUsernames(db, { ownerKey, usernames }),
    list: (ownerKey: string, query: TExtractionListQuery) =>
      listExtractions(database.sql, ownerKey, query, retentionMonths),
    get: (ownerKey: string, id: string) => getExtraction(db, { ownerKey, id, retentionMonths }),
    listAfter: (
      ownerKey: string,
      page: { filters: TExtractionFilters; after?: TExtractionPosition; limit: number },
    ) => listExtractionsAfter(db, { ownerKey, ...page, retentionMonths }),
    categories: (ownerKey: string) => listCategories(db, ownerKey),
    delete: (ownerKey: string, ids: readonly string[]) => deleteExtractions(db, { ownerKey, ids }),
    /** The export of the workspace's records; one at a time per member (`userId`: the export slots). */
    exportCsv: (actor: TActor | string, query: TExtractionExportQuery, signal?: AbortSignal) =>
      exportExtractionsCsv({ database, slots, actor: actorOf(actor), query, signal, stallMs }),
    applyEmailCheck: (ownerKey: string, checked: TExtractionEmailChecked) =>
      applyEmailCheck(db, { ownerKey, checked }),
    recheck(actor: TActor | string, id: string) {
      if (!bus) throw new Error('The re-check needs the bus');
      return recheckExtraction({ db, bus, retentionMonths }, { ...actorOf(actor), id });
    },
  };
}
export type TExtractionLibrary = ReturnType<typeof createExtractionLibrary>;
