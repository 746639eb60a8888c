import type {
  TCaptureRequest,
  TCreditHistoryQuery,
  TExtendHoldRequest,
  THoldRequest,
  TRefundRequest,
} from '@prospector/contracts';
import { createCaptureBatcher } from './capture-batcher.ts';
import { captureCredits } from './capture-credits.ts';
import { eraseUserCredits } from './erase-user-credits.ts';
import { extendHold } from './extend-hold.ts';
import { grantCredits, type TGrantInput } from './grant-credits.ts';
import { holdCredits } from './hold-credits.ts';
import type { TLedgerDb } from './ledger-db.ts';
import { createBalanceReader, createCreditsUsedReader, readHistory } from './read-credits.ts';
import { refundCredits } from './refund-credits.ts';
import { releaseExpiredHolds, releaseHold } from './release-hold.ts';

export interface TCreditLedgerOptions {
  /**
   * Commit concurrent captures together (see capture-batcher.ts). Only for a ledger on the database
   * itself: on a caller's transaction each capture must run inside that transaction.
   */
  batchCaptures?: boolean;
}

/**
 * The credit ledger, the only writer of balances (docs/architecture.md §6). Every change writes its ledger or
 * hold row and one `credits.*` outbox event in the same transaction.
 */
export function createCreditLedger(db: TLedgerDb, options: TCreditLedgerOptions = {}) {
  const capture = options.batchCaptures
    ? createCaptureBatcher(db)
    : (input: TCaptureRequest) => captureCredits(db, input);
  const balance = createBalanceReader(db);
  const creditsUsed = createCreditsUsedReader(db);
  return {
    grant: (input: TGrantInput) => grantCredits(db, input),
    hold: (input: THoldRequest) => holdCredits(db, input),
    capture,
    release: (holdId: string) => releaseHold(db, holdId),
    extend: (input: TExtendHoldRequest) => extendHold(db, input),
    refund: (input: TRefundRequest) => refundCredits(db, input),
    releaseExpired: (limit?: number) => releaseExpiredHolds(db, limit),
    balance,
    creditsUsed,
    history: (userId: string, query: TCreditHistoryQuery) => readHistory(db, userId, query),
    eraseUser: (userId: string) => eraseUserCredits(db, userId),
  };
}

export type TCreditLedger = ReturnType<typeof createCreditLedger>;
