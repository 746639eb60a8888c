import { describe, expect, it } from 'vitest';
import { runAccountsFigure } from './run-labels.ts';

describe('runAccountsFigure', () => {
  it('counts what a stopped run processed, of what it was given', () => {
    expect(runAccountsFigure({ status: 'cancelled', processed: 3, total: 1_200 })).toBe('3 of 1,200');
    expect(runAccountsFigure({ status: 'failed', processed: 0, total: 2 })).toBe('0 of 2');
  });

  it('counts every account of a run that runs or completed', () => {
    expect(runAccountsFigure({ status: 'completed', processed: 12, total: 12 })).toBe('12');
    expect(runAccountsFigure({ status: 'running', processed: 4, total: 12 })).toBe('12');
  });
});
