import { describe, expect, it } from 'vitest';
import { fakeRun } from '../../../testing/render-extractor.tsx';
import { decideRunChange } from './run-changes.ts';

const running = { status: 'running', cancelRequested: false } as const;

describe('decideRunChange (docs/product.md §8 "Outcome toasts")', () => {
  it('says nothing while a run moves on', () => {
    expect(decideRunChange(running, fakeRun({ status: 'running', processed: 4 }))).toEqual({
      message: null,
      ended: false,
    });
  });

  it('says "Extraction cancelled" when the cancellation is accepted, and not again when the run ends so', () => {
    const accepted = fakeRun({ status: 'running', cancelRequested: true });
    expect(decideRunChange(running, accepted)).toEqual({
      message: { kind: 'info', title: 'Extraction cancelled' },
      ended: false,
    });
    const ended = fakeRun({ status: 'cancelled', cancelRequested: true });
    expect(decideRunChange(accepted, ended)).toEqual({ message: null, ended: true });
  });

  it('says the outcome of a run that finished although its cancellation was asked for', () => {
    const before = { status: 'running', cancelRequested: true } as const;
    const change = decideRunChange(
      before,
      fakeRun({ status: 'completed', cancelRequested: true, emailsFound: 1 }),
    );
    expect(change).toEqual({ message: expect.objectContaining({ kind: 'success' }), ended: true });
  });

  it('says "Extraction cancelled" with the figures for a run that ended cancelled before the page saw it asked', () => {
    const change = decideRunChange(running, fakeRun({ status: 'cancelled', cancelRequested: true }));
    expect(change.ended).toBe(true);
    expect(change.message).toMatchObject({ kind: 'info', title: 'Extraction cancelled' });
    expect(change.message?.description).toBeTruthy();
  });

  it('announces a run first seen already ended (it ended before the start call answered)', () => {
    const change = decideRunChange(
      undefined,
      fakeRun({ source: 'single', status: 'completed', emailsFound: 1 }),
    );
    expect(change).toEqual({ message: { kind: 'success', title: 'Extraction completed' }, ended: true });
  });

  it('says nothing about a new run still going, nor about an ended run seen again', () => {
    expect(decideRunChange(undefined, fakeRun({ status: 'queued', cancelRequested: true }))).toEqual({
      message: null,
      ended: false,
    });
    const ended = { status: 'completed', cancelRequested: false } as const;
    expect(decideRunChange(ended, fakeRun({ status: 'completed' }))).toEqual({ message: null, ended: false });
  });
});
