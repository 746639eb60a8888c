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
import { isOptedOut } from '../opt-outs/apply-opt-out.ts';
import { applyEmailCheck } from './apply-email-check.ts';
import { EXPORT_STALL_MS } from './copy-download.ts';
import { deleteExtractions } from './delete-extractions.ts';
import { exportExtractionsCsv } from './export-extractions.ts';
import { createExportSlots, EXPORT_SLOT_WAIT_MS, exportSlotsFor } from './export-slots.ts';
import { findExtracted } from './find-extracted.ts';
import { getExtraction } from './get-extraction.ts';
import { listCategories } from './list-categories.ts';
import { listExtractions } from './list-extractions.ts';
import { listExtractionsAfter, type TExtractionPosition } from './list-extractions-after.ts';
import { recheckExtraction } from './recheck-extraction.ts';
import { recordExtraction } from './record-extraction.ts';

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
 * The saved-extractions library: every operation scoped to one user id, verified by the caller. The
 * bus is for the re-check, which asks the extractor and billing.
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
  const db = database.db;
  // One set of slots per library: the service builds one library for its routes.
  const slots = createExportSlots(database, {
    slots: exportOptions.slots ?? exportSlotsFor(database.poolSize),
    waitMs: exportOptions.slotWaitMs ?? EXPORT_SLOT_WAIT_MS,
  });
  const stallMs = exportOptions.stallMs ?? EXPORT_STALL_MS;
  return {
    /** Stores a record, unless its account's owner opted out (a run under way when they did). */
    async record(userId: string, recorded: TExtractionRecorded, recordedAt: Date) {
      const email = recorded.extractionData.public_email ?? null;
      if (await isOptedOut(db, optOutKeys, recorded.username, email)) return 'opted_out' as const;
      return recordExtraction(db, { userId, recorded, recordedAt });
    },

    extracted: (userId: string, usernames: readonly string[]) => findExtracted(db, userId, usernames),
    list: (userId: string, query: TExtractionListQuery) =>
      listExtractions(database.sql, userId, query, retentionMonths),
    get: (userId: string, id: string) => getExtraction(db, { userId, id, retentionMonths }),
    /** The public API's keyset pages (`listExtractionsAfter`). */
    listAfter: (
      userId: string,
      page: { filters: TExtractionFilters; after?: TExtractionPosition; limit: number },
    ) => listExtractionsAfter(db, { userId, ...page, retentionMonths }),
    categories: (userId: string) => listCategories(db, userId),
    delete: (userId: string, ids: readonly string[]) => deleteExtractions(db, userId, ids),
    exportCsv: (userId: string, query: TExtractionExportQuery, signal?: AbortSignal) =>
      exportExtractionsCsv({ database, slots, userId, query, signal, stallMs }),
    applyEmailCheck: (userId: string, checked: TExtractionEmailChecked) =>
      applyEmailCheck(db, { userId, checked }),
    recheck(userId: string, id: string) {
      if (!bus) throw new Error('The re-check needs the bus');
      return recheckExtraction({ db, bus, retentionMonths }, { userId, id });
    },
  };
}
export type TExtractionLibrary = ReturnType<typeof createExtractionLibrary>;
