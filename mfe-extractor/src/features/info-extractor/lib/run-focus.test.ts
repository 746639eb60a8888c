import { describe, expect, it } from 'vitest';
import { fakeRun } from '../../../testing/render-extractor.tsx';
import { runInFocus, splitByFocus } from './run-focus.ts';

describe('the run in focus', () => {
  const batch = fakeRun({ id: '00000000-0000-4000-8000-000000000001', status: 'running', source: 'batch' });
  const single = fakeRun({ id: '00000000-0000-4000-8000-000000000002', status: 'running', source: 'single' });

  it('is the one in the address, otherwise the newest, and none before any run', () => {
    expect(runInFocus([single, batch], batch.id)).toBe(batch.id);
    expect(runInFocus([single, batch], null)).toBe(single.id);
    expect(runInFocus([], null)).toBeUndefined();
    expect(runInFocus(undefined, null)).toBeUndefined();
  });

  it('shows one progress card, and offers the other running runs', () => {
    expect(splitByFocus([single, batch], single.id)).toEqual({ focused: single, othersRunning: [batch] });
    const ended = { ...batch, status: 'completed' as const };
    expect(splitByFocus([single, ended], single.id)).toEqual({ focused: single, othersRunning: [] });
    expect(splitByFocus([batch], single.id)).toEqual({ focused: undefined, othersRunning: [batch] });
  });
});
