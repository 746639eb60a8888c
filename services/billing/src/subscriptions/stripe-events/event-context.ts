import type { TLedgerDb } from '../../ledger/ledger-db.ts';

/** The transaction one Stripe event (or one sandbox payment's events) is applied in. */
export type TTx = Parameters<Parameters<TLedgerDb['transaction']>[0]>[0];

/** What every event handler is given besides the transaction. */
export interface TEventContext {
  /** The clock rows are stamped and judged by. */
  now: () => Date;
  /** Subscriptions the event moved a user off, to cancel at the provider once it has committed. */
  replaced: string[];
  /**
   * The claim the event takes on `replaced` in its transaction, so that only its own pass asks the
   * provider after commit (the sweeper asks once that pass was refused or its lease ran out). Without
   * one, nobody asks right after commit and the sweeper takes them.
   */
  claim?: string;
}

/** One Stripe event type's handling: reads and writes only through `tx`. */
export type TEventHandler<TObject> = (tx: TTx, ctx: TEventContext, object: TObject) => Promise<void>;
