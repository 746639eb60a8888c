import type { TEventBus } from '@prospector/bus';
import {
  DEFAULT_RECORD_RETENTION_MONTHS,
  emailSourceUrlOf,
  limitProfileText,
  readExtractionData,
  recordExpiresAt,
  type TExtractionEmailChecked,
  type TExtractionExportQuery,
  type TExtractionFilters,
  type TExtractionListQuery,
  type TExtractionRecorded,
  type TExtractionRow,
} from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { createOptOutKeys, type TOptOutKeys } from '@prospector/service-kit';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { extractions } from '../db/schema.ts';
import { isOptedOut } from '../opt-outs/apply-opt-out.ts';
import { EXPORT_STALL_MS } from './copy-download.ts';
import { exportExtractionsCsv } from './export-extractions.ts';
import { createExportSlots, EXPORT_SLOT_WAIT_MS, exportSlotsFor } from './export-slots.ts';
import { extractionConditions } from './extraction-filters.ts';
import { toExtractionDetail } from './get-extraction.ts';
import { listExtractions, rowColumns } from './list-extractions.ts';
import { recheckExtraction } from './recheck-extraction.ts';
import { typedColumns } from './typed-columns.ts';

/** Where a page ended: the last row's exact `created_at` (PostgreSQL's text, microseconds kept) and id. */
export interface TExtractionPosition {
  at: string;
  id: string;
}

/** How exports share the service's connections (see export-slots.ts and copy-download.ts). */
export interface TExportOptions {
  /** Exports at once in this process; a third of the pool by default. */
  slots?: number;
  /** How long an export waits for a slot. */
  slotWaitMs?: number;
  /** How long an export's client may take nothing before the export is ended. */
  stallMs?: number;
}

/** Who acts: the workspace (every query's scope, docs/architecture.md §17) and its member. */
export interface TActor {
  ownerKey: string;
  userId: string;
}

/** An actor, or a bare user id: that user in their personal workspace (whose id is theirs). */
const actorOf = (actor: TActor | string): TActor =>
  typeof actor === 'string' ? { ownerKey: actor, userId: actor } : actor;

/**
 * The saved-extractions library: every operation scoped to one workspace (`ownerKey`), verified by the
 * caller. The bus is for the re-check, which asks the extractor and billing.
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
    /**
     * Stores one extracted profile, unless its account's owner opted out (a run under way when they did),
     * idempotently: the same run item twice is one row, and a second record for a username the workspace
     * already has (two runs racing, of one member or two) replaces it only when newer, so each workspace
     * keeps one row per username. `userId` is the member whose run extracted it.
     * Never fails on a duplicate. Provider texts are capped and cleaned on the way in. `recordedAt`, when
     * the extractor recorded it, is the record's date and tells which of two records is the newer.
     */
    async record(actor: TActor | string, recorded: TExtractionRecorded, recordedAt: Date) {
      const { ownerKey, userId } = actorOf(actor);
      const email = recorded.extractionData.public_email ?? null;
      if (await isOptedOut(db, optOutKeys, recorded.username, email)) return 'opted_out' as const;
      const [seen] = await db
        .select({ id: extractions.id })
        .from(extractions)
        .where(eq(extractions.itemId, recorded.itemId))
        .limit(1);
      if (seen) return 'duplicate' as const;

      // The extractor caps provider texts already; a record from anywhere else is capped here too, so no
      // event can fill the table, the pages or the exports (PROFILE_TEXT_LIMITS in the contracts).
      const extractionData = limitProfileText(recorded.extractionData, recorded.username);
      // Read through the same function as stored records, so what is filtered is what is displayed.
      const data = readExtractionData(extractionData, recorded.username);
      const columns = typedColumns(data);
      const row = {
        ownerKey,
        userId,
        instagramUsername: recorded.username,
        emailFound: recorded.emailFound,
        creditsUsed: recorded.creditsUsed,
        extractionData: extractionData as Record<string, unknown>,
        createdAt: recordedAt,
        refreshedAt: recordedAt,
        itemId: recorded.itemId,
        runId: recorded.runId,
        emailStatus: recorded.emailCheck?.status ?? null,
        ...columns,
        // The verdict's role flag agrees with the record's, both read from the address (`email_role`).
        emailCheck: recorded.emailCheck ? { ...recorded.emailCheck, role: columns.emailRole === true } : null,
        emailSourceUrl: emailSourceUrlOf(data),
      };
      const [result] = await db
        .insert(extractions)
        .values(row)
        .onConflictDoUpdate({
          target: [extractions.ownerKey, extractions.instagramUsername],
          set: {
            userId: sql`excluded.user_id`,
            emailFound: sql`excluded.email_found`,
            creditsUsed: sql`excluded.credits_used`,
            extractionData: sql`excluded.extraction_data`,
            createdAt: sql`excluded.created_at`,
            refreshedAt: sql`excluded.refreshed_at`,
            itemId: sql`excluded.item_id`,
            fullName: sql`excluded.full_name`,
            publicEmail: sql`excluded.public_email`,
            emailRole: sql`excluded.email_role`,
            followerCount: sql`excluded.follower_count`,
            followingCount: sql`excluded.following_count`,
            mediaCount: sql`excluded.media_count`,
            isVerified: sql`excluded.is_verified`,
            isPrivate: sql`excluded.is_private`,
            category: sql`excluded.category`,
            biography: sql`excluded.biography`,
            otherEmails: sql`excluded.other_emails`,
            emailSourceUrl: sql`excluded.email_source_url`,
            runId: sql`excluded.run_id`,
            emailStatus: sql`excluded.email_status`,
            emailCheck: sql`excluded.email_check`,
            emailRecheckedAt: sql`null`,
          },
          // The newer record wins; the same item delivered twice at once changes nothing.
          setWhere: sql`${extractions.itemId} is distinct from excluded.item_id and ${extractions.createdAt} <= excluded.created_at`,
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      if (!result) return 'duplicate' as const;
      return result.inserted ? ('inserted' as const) : ('replaced' as const);
    },

    /** Which of `usernames` the workspace has saved now, whoever extracted them (a deleted record no longer counts). */
    async extracted(ownerKey: string, usernames: readonly string[]): Promise<string[]> {
      if (usernames.length === 0) return [];
      const rows = await db
        .select({ username: extractions.instagramUsername })
        .from(extractions)
        .where(
          and(eq(extractions.ownerKey, ownerKey), inArray(extractions.instagramUsername, [...usernames])),
        );
      const saved = new Set(rows.map((row) => row.username));
      return usernames.filter((username) => saved.has(username));
    },
    list: (ownerKey: string, query: TExtractionListQuery) =>
      listExtractions(database.sql, ownerKey, query, retentionMonths),
    /** One of the workspace's records with its whole profile; null when it is not its own or not there. */
    async get(ownerKey: string, id: string) {
      const [row] = await db
        .select()
        .from(extractions)
        .where(and(eq(extractions.ownerKey, ownerKey), eq(extractions.id, id)));
      return row ? toExtractionDetail(row, { retentionMonths }) : null;
    },
    /**
     * The public API's pages of the Database page's filters: newest first, keyed on (created_at, id) after
     * `after`, so records saved or deleted between two pages neither repeat nor shift the rest.
     */
    async listAfter(
      ownerKey: string,
      { filters, after, limit }: { filters: TExtractionFilters; after?: TExtractionPosition; limit: number },
    ): Promise<{ items: TExtractionRow[]; next: TExtractionPosition | null }> {
      const rows = await db
        .select({ ...rowColumns, position: sql<string>`${extractions.createdAt}::text` })
        .from(extractions)
        .where(
          and(
            extractionConditions(filters, { ownerKey }),
            after
              ? sql`(${extractions.createdAt}, ${extractions.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(extractions.createdAt), desc(extractions.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map(
          ({ position: _position, ...row }): TExtractionRow => ({
            ...row,
            createdAt: row.createdAt.toISOString(),
            refreshedAt: row.refreshedAt.toISOString(),
            expiresAt: recordExpiresAt(row.refreshedAt, retentionMonths)?.toISOString() ?? null,
          }),
        ),
        next: rows.length > limit && last ? { at: last.position, id: last.id } : null,
      };
    },
    /** The distinct categories among the workspace's records, sorted (the category filter's choices). */
    async categories(ownerKey: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ category: extractions.category })
        .from(extractions)
        .where(and(eq(extractions.ownerKey, ownerKey), isNotNull(extractions.category)))
        .orderBy(asc(extractions.category));
      return rows.flatMap((row) => (row.category === null ? [] : [row.category]));
    },
    /**
     * Deletes those of `ids` that are the workspace's records and says how many went; another
     * workspace's ids are left alone and simply not counted. A deleted username can be extracted again.
     */
    async delete(ownerKey: string, ids: readonly string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const deleted = await db
        .delete(extractions)
        .where(and(eq(extractions.ownerKey, ownerKey), inArray(extractions.id, [...ids])))
        .returning({ id: extractions.id });
      return deleted.length;
    },
    /** The export of the workspace's records; one at a time per member (`userId`: the export slots). */
    exportCsv: (actor: TActor | string, query: TExtractionExportQuery, signal?: AbortSignal) =>
      exportExtractionsCsv({ database, slots, actor: actorOf(actor), query, signal, stallMs }),
    /**
     * Writes a verdict reached after the record (`extractions.email-checked`) on the run item's record.
     * A verdict older than the one stored (a re-check came first) changes nothing, so redeliveries and
     * late arrivals never roll a record back. `no_record`: the record is not stored (yet, or any more).
     */
    async applyEmailCheck(ownerKey: string, checked: TExtractionEmailChecked) {
      const whereItem = and(eq(extractions.ownerKey, ownerKey), eq(extractions.itemId, checked.itemId));
      // Looked up first: a record stored between a failed update and a later look-up would make the
      // verdict look stale and lose it.
      const [stored] = await db.select({ id: extractions.id }).from(extractions).where(whereItem);
      if (!stored) return 'no_record' as const;
      const updated = await db
        .update(extractions)
        .set({
          emailStatus: checked.emailCheck.status,
          emailCheck: checked.emailCheck,
          creditsUsed: checked.creditsUsed,
        })
        .where(
          and(
            whereItem,
            sql`(${extractions.emailCheck} is null or (${extractions.emailCheck} ->> 'checkedAt')::timestamptz <= ${checked.emailCheck.checkedAt}::timestamptz)`,
          ),
        )
        .returning({ id: extractions.id });
      return updated.length > 0 ? ('applied' as const) : ('stale' as const);
    },
    recheck(actor: TActor | string, id: string) {
      if (!bus) throw new Error('The re-check needs the bus');
      return recheckExtraction({ db, bus, retentionMonths }, { ...actorOf(actor), id });
    },
  };
}
export type TExtractionLibrary = ReturnType<typeof createExtractionLibrary>;
