/**
 * What one step message of a run's lane should do: the run engine's only scheduling decision, kept pure
 * so it is tested alone (plan-step.test.ts). process-step.ts reads the state and does what this says.
 *
 * Speed and fairness come from three pieces. A run gets enough lanes to keep the provider busy
 * (lanesForProviderRate), each lane ONE message at a time. Lanes are admitted, not all enqueued
 * (admission.ts): at most the step concurrency across processes hold a slot, the rest wait in
 * PostgreSQL, and each freed slot goes to the owner holding the fewest, then to that owner's run holding
 * the fewest — so another user's single extraction gets the next free slot however many lanes other
 * users' runs have. Then every provider call waits for the process's rate limiter, which gives each
 * token to the waiting user served longest ago (providers/compose/token-bucket.ts): a batch alone uses
 * the whole budget, and a user who asks now gets the next token.
 */
export interface TStepState {
  /** The run's status is completed, cancelled or failed. */
  runFinished: boolean;
  cancelRequested: boolean;
  /** The lane holds a slot (admission.ts): a message for a parked or ended lane is a stale copy. */
  laneAdmitted: boolean;
  /** The step number this message carries, and where its lane is. */
  messageStep: number;
  laneStep: number;
  /** A pending item this lane took earlier (its process died, or the last attempt failed). */
  hasOwnItem: boolean;
  /** A pending item no lane has taken yet. */
  hasUntakenItem: boolean;
  /** Pending items taken by other lanes. */
  othersPending: number;
}

export type TStepPlan =
  /** A duplicate or late message: do nothing, ack. */
  | { kind: 'skip' }
  /** Process the lane's own item, or take the next untaken one. */
  | { kind: 'process'; item: 'own' | 'next' }
  /** Cancel: mark every untaken item cancelled, then finish the run if no other lane still works. */
  | { kind: 'cancel' }
  /** Nothing left: release the rest of the hold and close the run. */
  | { kind: 'finish' }
  /** Other lanes hold the last items: this lane ends; they finish the run. */
  | { kind: 'end-lane' };

export function planStep(state: TStepState): TStepPlan {
  if (state.runFinished || !state.laneAdmitted || state.messageStep !== state.laneStep)
    return { kind: 'skip' };
  // "Stops after the current account": an item already taken is finished even when cancelled.
  if (state.hasOwnItem) return { kind: 'process', item: 'own' };
  if (state.cancelRequested) return { kind: 'cancel' };
  if (state.hasUntakenItem) return { kind: 'process', item: 'next' };
  return state.othersPending > 0 ? { kind: 'end-lane' } : { kind: 'finish' };
}

/**
 * Lanes that keep a provider allowing `perMinute` requests busy for one run: the rate times 6 s, at least
 * 2, at most 64. An account takes up to about 3 s (a profile read, then its linked website at one
 * request a second per host), and the run's lanes are shared by every extractor process, each with its
 * own limiter: 6 s keeps two instances busy too. The limiter, not the lanes, decides how fast a run goes.
 */
export const lanesForProviderRate = (perMinute: number): number =>
  Math.min(64, Math.max(2, Math.ceil((perMinute / 60) * 6)));

/** Lanes a run gets: as many as configured, never more than it has accounts. */
export const lanesFor = (total: number, maxLanes: number): number => Math.max(1, Math.min(total, maxLanes));

/** How a finished run is labelled: failed when no account produced anything but errors. */
export function finalStatus(run: {
  cancelRequested: boolean;
  total: number;
  processed: number;
  errors: number;
}): 'completed' | 'cancelled' | 'failed' {
  if (run.cancelRequested && run.processed < run.total) return 'cancelled';
  if (run.total > 0 && run.errors === run.total) return 'failed';
  return 'completed';
}
