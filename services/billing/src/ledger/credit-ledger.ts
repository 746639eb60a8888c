import type {
  TCaptureRequest,
  TCreditHistoryQuery,
  TExtendHoldRequest,
  THoldRequest,
  TRefundRequest,
  TTransferRequest,
} from '@prospector/contracts';
import { createCaptureBatcher } from './capture-batcher.ts';
import { captureCredits } from './capture-credits.ts';
import { eraseUserCredits } from './erase-user-credits.ts';
import { extendHold } from './extend-hold.ts';
import { grantCredits, type TGrantInput } from './grant-credits.ts';
import { holdCredits } from './hold-credits.ts';
import type { TLedgerDb } from './ledger-db.ts';
import { clearMemberLimit, listMemberUsage, readMemberUsage, setMemberLimit } from './member-limits.ts';
import { createBalanceReader, createCreditsUsedReader, readHistory } from './read-credits.ts';
import { refundCredits } from './refund-credits.ts';
import { releaseExpiredHolds, releaseHold } from './release-hold.ts';
import { transferCredits } from './transfer-credits.ts';

export interface TCreditLedgerOptions {
  /**
   * Commit concurrent captures together (see capture-batcher.ts). Only for a ledger on the database
   * itself: on a caller's transaction each capture must run inside that transaction.
   */
  batchCaptures?: boolean;
}

/**
 * The credit ledger, the only writer of balances (docs/architecture.md §6). Balances, holds and history are
 * a workspace's (`ownerKey`); each row names the member who acted. Every change writes its ledger or
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
    transfer: (input: TTransferRequest) => transferCredits(db, input),
    balance,
    creditsUsed,
    history: (ownerKey: string, query: TCreditHistoryQuery) => readHistory(db, ownerKey, query),
    memberUsage: (ownerKey: string, memberId: string) => readMemberUsage(db, ownerKey, memberId),
    listMemberUsage: (ownerKey: string) => listMemberUsage(db, ownerKey),
    setMemberLimit: (ownerKey: string, memberId: string, monthlyLimit: number) =>
      setMemberLimit(db, ownerKey, memberId, monthlyLimit),
    clearMemberLimit: (ownerKey: string, memberId: string) => clearMemberLimit(db, ownerKey, memberId),
    eraseUser: (userId: string) => eraseUserCredits(db, userId),
  };
}

export type TCreditLedger = ReturnType<typeof createCreditLedger>;
