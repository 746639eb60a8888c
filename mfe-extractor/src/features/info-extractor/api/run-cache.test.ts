import type { TRunDetail } from '@prospector/contracts';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { fakeItem, fakeRun } from '../../../testing/render-extractor.tsx';
import { runQueryOptions } from './get-run.ts';
import { isRunUpdate, refreshRunDetail, upsertRun } from './run-cache.ts';

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

describe("a run's detail read while the run ends", () => {
  /** A detail on screen whose first read answers only when `answerFirst` is called, with the run still going. */
  function detailOnScreen() {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const run = fakeRun({ status: 'running', processed: 0, total: 1 });
    const ended = { ...run, status: 'completed' as const, processed: 1 };
    let answerFirst = () => {};
    const reads = vi
      .fn<() => Promise<TRunDetail>>()
      .mockImplementationOnce(
        () => new Promise((resolve) => (answerFirst = () => resolve({ ...run, items: [] }))),
      )
      .mockResolvedValue({ ...ended, items: [fakeItem('found')] });
    const observer = new QueryObserver(queryClient, {
      queryKey: runQueryOptions(run.id).queryKey,
      queryFn: reads,
    });
    const unsubscribe = observer.subscribe(() => {});
    const detail = () => queryClient.getQueryData(runQueryOptions(run.id).queryKey);
    return { queryClient, run, ended, reads, answerFirst: () => answerFirst(), detail, unsubscribe };
  }

  it('reads it again when the end arrives during its first read, whose older answer is dropped', async () => {
    const screen = detailOnScreen();
    await vi.waitFor(() => expect(screen.reads).toHaveBeenCalledTimes(1));
    upsertRun(screen.queryClient, screen.ended);
    screen.answerFirst();
    await vi.waitFor(() => expect(screen.detail()?.status).toBe('completed'));
    expect(screen.reads).toHaveBeenCalledTimes(2);
    expect(screen.detail()?.items.map((item) => item.username)).toEqual(['found']);
    screen.unsubscribe();
  });

  it('refreshRunDetail restarts a first read instead of joining it', async () => {
    const screen = detailOnScreen();
    await vi.waitFor(() => expect(screen.reads).toHaveBeenCalledTimes(1));
    await refreshRunDetail(screen.queryClient, screen.run.id);
    screen.answerFirst();
    await vi.waitFor(() => expect(screen.detail()?.status).toBe('completed'));
    expect(screen.reads).toHaveBeenCalledTimes(2);
    screen.unsubscribe();
  });

  it('leaves a loaded detail to the merge, without reading again', async () => {
    const screen = detailOnScreen();
    screen.answerFirst();
    await vi.waitFor(() => expect(screen.detail()?.status).toBe('running'));
    upsertRun(screen.queryClient, screen.ended);
    expect(screen.detail()).toMatchObject({ status: 'completed', items: [] });
    expect(screen.reads).toHaveBeenCalledTimes(1);
    screen.unsubscribe();
  });
});
