import { z } from 'zod';

/** Why a ledger row changed the balance (`transfer`: credits moved between two workspaces of one owner). */
export const LEDGER_REASONS = [
  'trial_grant',
  'plan_grant',
  'top_up',
  'capture',
  'refund',
  'transfer',
] as const;
export type TLedgerReason = (typeof LEDGER_REASONS)[number];

/** Reasons a hold changes what is available without touching the balance. */
export const HOLD_REASONS = ['hold', 'release', 'lease_expired'] as const;

/** Reasons a grant may give; captures come only from holds. */
export const GRANT_REASONS = ['trial_grant', 'plan_grant', 'top_up', 'refund'] as const;
export type TGrantReason = (typeof GRANT_REASONS)[number];

const count = z.number().int().min(0);

/**
 * What every `credits.*` event carries (docs/architecture.md §5): how many credits moved (the type says which
 * way), the balance and the available credits after the change, why, and what it was for.
 */
export const ZCreditChangeSchema = z.object({
  amount: count,
  balance: count,
  available: count,
  reason: z.enum([...LEDGER_REASONS, ...HOLD_REASONS]),
  reference: z.string().nullable(),
});
export type TCreditChange = z.infer<typeof ZCreditChangeSchema>;

/** `GET /api/billing/credits`: the signed-in user's credits; zeros before any were granted. */
export const ZCreditBalanceSchema = z.object({
  balance: count,
  /** balance − held: what a new extraction may use. */
  available: count,
  /** Reserved by running extractions. */
  held: count,
  updatedAt: z.iso.datetime().nullable(),
});
export type TCreditBalance = z.infer<typeof ZCreditBalanceSchema>;

/** docs/product.md §9: a credits badge turns destructive at this many credits or fewer. */
export const LOW_CREDITS_THRESHOLD = 10;

export const CREDIT_HISTORY_PAGE_SIZE = 25;
export const CREDIT_HISTORY_MAX_PAGE_SIZE = 100;

/** `GET /api/billing/credits/history?page=1&pageSize=25`. */
export const ZCreditHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(CREDIT_HISTORY_MAX_PAGE_SIZE)
    .default(CREDIT_HISTORY_PAGE_SIZE),
});
export type TCreditHistoryQuery = z.infer<typeof ZCreditHistoryQuerySchema>;

/**
 * The ledger reference of an extraction's charge: the run, its item (the idempotency key's source)
 * and the account whose public e-mail was found. Instagram usernames hold no colon, nor do the ids.
 */
export const extractionChargeReference = (runId: string, itemId: string, username: string): string =>
  `extraction:${runId}:${itemId}:${username}`;

const ID_PATTERN = /^[A-Za-z0-9_-]+$/;
const USERNAME_PATTERN = /^[A-Za-z0-9._]{1,30}$/;

/** The parts of an extraction charge reference, or null for anything else. */
export function parseExtractionChargeReference(
  reference: string | null,
): { runId: string; itemId: string; username: string } | null {
  const parts = reference?.split(':');
  if (parts?.length !== 4 || parts[0] !== 'extraction') return null;
  const [, runId = '', itemId = '', username = ''] = parts;
  if (!ID_PATTERN.test(runId) || !ID_PATTERN.test(itemId) || !USERNAME_PATTERN.test(username)) return null;
  return { runId, itemId, username };
}

/** A place in the app a history item points to (an extraction's run). */
export const ZCreditHistoryLinkSchema = z.object({
  label: z.string(),
  /** An app path (`APP_PATHS`), e.g. `runResultsHref(runId)`. */
  href: z.string().startsWith('/'),
});
export type TCreditHistoryLink = z.infer<typeof ZCreditHistoryLinkSchema>;

export const ZCreditHistoryItemSchema = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  /** Signed: positive for grants and refunds, negative for captures. */
  amount: z.number().int(),
  reason: z.enum(LEDGER_REASONS),
  reference: z.string().nullable(),
  balanceAfter: count,
  /** What the change was, in words ("Starter plan — invoice of Nov 23"), the same for every client. */
  description: z.string(),
  link: ZCreditHistoryLinkSchema.nullable(),
  /**
   * The workspace member who made the change (the user id; the UI maps it to a name): the run's member
   * for a hold's capture, the asker of a refund, the owner who moved credits. Null for a member who has
   * since erased their account; absent from a row no one made (a plan's grant has its payer's id).
   */
  memberId: z.string().nullable().optional(),
});

/** Newest first. */
export const ZCreditHistoryPageSchema = z.object({
  items: z.array(ZCreditHistoryItemSchema),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: count,
});
export type TCreditHistoryPage = z.infer<typeof ZCreditHistoryPageSchema>;

/** The title the UI shows above the INSUFFICIENT_CREDITS message (docs/architecture.md §6). */
export const INSUFFICIENT_CREDITS_TITLE = 'Insufficient credits';

export const insufficientCreditsMessage = (need: number, have: number): string =>
  `You need ${need} credits but only have ${have}`;
