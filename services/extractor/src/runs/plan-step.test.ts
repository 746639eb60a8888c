import { describe, expect, it } from 'vitest';
import { finalStatus, lanesFor, lanesForProviderRate, planStep, type TStepState } from './plan-step.ts';

const state = (overrides: Partial<TStepState> = {}): TStepState => ({
  runFinished: false,
  cancelRequested: false,
  laneAdmitted: true,
  messageStep: 3,
  laneStep: 3,
  hasOwnItem: false,
  hasUntakenItem: true,
  othersPending: 0,
  ...overrides,
});

describe('planStep', () => {
  it('does nothing for a finished run or a step its lane has passed (a redelivered duplicate)', () => {
    expect(planStep(state({ runFinished: true }))).toEqual({ kind: 'skip' });
    expect(planStep(state({ messageStep: 2 }))).toEqual({ kind: 'skip' });
    expect(planStep(state({ messageStep: 4 }))).toEqual({ kind: 'skip' });
  });

  it('does nothing for a lane that holds no slot (parked or ended: the message is a stale copy)', () => {
    expect(planStep(state({ laneAdmitted: false }))).toEqual({ kind: 'skip' });
    expect(planStep(state({ laneAdmitted: false, hasOwnItem: true }))).toEqual({ kind: 'skip' });
  });

  it("finishes the lane's own item first, even once cancelled (stops after the current account)", () => {
    expect(planStep(state({ hasOwnItem: true }))).toEqual({ kind: 'process', item: 'own' });
    expect(planStep(state({ hasOwnItem: true, cancelRequested: true }))).toEqual({
      kind: 'process',
      item: 'own',
    });
  });

  it('takes the next untaken item, or cancels the untaken ones when asked to', () => {
    expect(planStep(state())).toEqual({ kind: 'process', item: 'next' });
    expect(planStep(state({ cancelRequested: true }))).toEqual({ kind: 'cancel' });
  });

  it('finishes the run when nothing is pending, and leaves it to the lanes still working otherwise', () => {
    expect(planStep(state({ hasUntakenItem: false }))).toEqual({ kind: 'finish' });
    expect(planStep(state({ hasUntakenItem: false, othersPending: 2 }))).toEqual({ kind: 'end-lane' });
  });
});

describe('fair scheduling on a FIFO work queue', () => {
  /**
   * The queue as the work-queue stream holds it: each step handled re-enqueues its lane at the back.
   * Returns the order in which accounts were processed.
   */
  function simulate(runs: Record<string, number>, lanes: number, startedAfter: Record<string, number> = {}) {
    const pending = new Map(Object.entries(runs));
    const queue: string[] = [];
    const processed: string[] = [];
    const start = (run: string) => {
      for (let lane = 0; lane < lanesFor(runs[run] ?? 0, lanes); lane += 1) queue.push(run);
    };
    for (const run of Object.keys(runs)) if (!startedAfter[run]) start(run);
    while (queue.length > 0) {
      const run = queue.shift() as string;
      const left = pending.get(run) ?? 0;
      const plan = planStep(state({ messageStep: 0, laneStep: 0, hasUntakenItem: left > 0 }));
      if (plan.kind === 'process') {
        pending.set(run, left - 1);
        processed.push(run);
        queue.push(run);
      }
      for (const [late, after] of Object.entries(startedAfter)) if (processed.length === after) start(late);
    }
    return processed;
  }

  it('finishes a single extraction within one account of a 1,000-account run started before it', () => {
    const order = simulate({ big: 1000, single: 1 }, 1);
    expect(order.indexOf('single')).toBeLessThanOrEqual(1);
    const late = simulate({ big: 1000, single: 1 }, 1, { single: 500 });
    expect(late.indexOf('single')).toBeLessThanOrEqual(501);
    expect(late.filter((run) => run === 'big')).toHaveLength(1000);
  });

  it('shares the queue between two big runs account by account', () => {
    const order = simulate({ a: 100, b: 100 }, 1);
    expect(order.slice(0, 6)).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
  });

  it('gives a run at most as many lanes as it has accounts', () => {
    expect(lanesFor(1, 8)).toBe(1);
    expect(lanesFor(1000, 8)).toBe(8);
    expect(lanesFor(1000, 1)).toBe(1);
  });

  it('gives runs enough lanes to fill the provider rate with accounts of up to 3 s on two instances', () => {
    expect(lanesForProviderRate(120)).toBe(12);
    expect(lanesForProviderRate(600)).toBe(60);
    expect(lanesForProviderRate(1200)).toBe(64);
    expect(lanesForProviderRate(10)).toBe(2);
    expect(lanesForProviderRate(100_000)).toBe(64);
  });
});

describe('finalStatus', () => {
  it('says cancelled when accounts were left, failed when every account failed, completed otherwise', () => {
    expect(finalStatus({ cancelRequested: true, total: 4, processed: 1, errors: 0 })).toBe('cancelled');
    expect(finalStatus({ cancelRequested: true, total: 4, processed: 4, errors: 0 })).toBe('completed');
    expect(finalStatus({ cancelRequested: false, total: 3, processed: 3, errors: 3 })).toBe('failed');
    expect(finalStatus({ cancelRequested: false, total: 3, processed: 3, errors: 2 })).toBe('completed');
  });
});
