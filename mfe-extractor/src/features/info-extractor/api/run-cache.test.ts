import { describe, expect, it } from 'vitest';
import { fakeRun } from '../../../testing/render-extractor.tsx';
import { isRunUpdate } from './run-cache.ts';

describe('isRunUpdate: answers that arrive out of order never move a run back', () => {
  const running = fakeRun({ status: 'running', processed: 3 });
  it.each([
    ['more progress', running, { ...running, processed: 4 }, true],
    ['the end', running, { ...running, status: 'completed' as const, processed: 5 }, true],
    [
      'a late start answer (queued, 0 done)',
      running,
      { ...running, status: 'queued' as const, processed: 0 },
      false,
    ],
    ['an older state', running, { ...running, processed: 2 }, false],
    [
      'running after the end',
      { ...running, status: 'completed' as const },
      { ...running, processed: 9 },
      false,
    ],
    [
      'the final numbers after the end',
      { ...running, status: 'cancelled' as const },
      { ...running, status: 'cancelled' as const, processed: 4 },
      true,
    ],
  ])('%s → %s', (_, current, incoming, expected) => {
    expect(isRunUpdate(current, incoming)).toBe(expected);
  });
});
