import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  eventStream,
  fakeItem,
  fakeRun,
  json,
  renderExtractorPage,
  runDetail,
  sent,
  serverSends,
  stubApiWithRun,
  stubExtractorApi,
  toasts,
} from '../../../testing/render-extractor.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const SLOW_FIRST_RENDER = { timeout: 20_000 };
const RUNS = '/api/extractor/runs';
const progressText = (testId: string) => screen.getByTestId(testId).textContent;

describe('progress card (docs/product.md §2, §9) fed by the events stream', SLOW_FIRST_RENDER, () => {
  it('follows a batch from start to end, sums up its accounts without an e-mail in one toast, and hides 2 s after the end', async () => {
    const queued = fakeRun({ status: 'queued', total: 3 });
    const api = stubExtractorApi({
      routes: { [`POST ${RUNS}`]: () => json({ run: queued }, 202) },
      details: [runDetail(queued, [])],
    });
    renderExtractorPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Batch' }));
    fireEvent.change(screen.getByLabelText('Usernames, one per line'), {
      target: { value: 'alice\nbob\ncarol' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Extract 3 accounts' }));

    // The start call's answer shows the card at once, before any event.
    expect(await screen.findByTestId('run-progress')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Waiting to start…' })).toBeTruthy();
    expect(progressText('progress-count')).toBe('0/3');
    expect(sent(api, 'POST', RUNS)).toEqual([
      { usernames: ['alice', 'bob', 'carol'], source: 'batch', websites: true },
    ]);

    const running = { ...queued, status: 'running' as const };
    await serverSends('run', { ...running, currentUsername: 'alice' });
    expect(progressText('current-account')).toBe('@alice');
    await serverSends('item', { ...fakeItem('alice'), runId: queued.id });
    await serverSends('run', {
      ...running,
      processed: 1,
      emailsFound: 1,
      creditsUsed: 1,
      currentUsername: 'bob',
    });
    expect(progressText('progress-count')).toBe('1/3');
    expect(progressText('progress-percent')).toBe('33%');
    expect(progressText('emails-found')).toBe('1');
    expect(progressText('current-account')).toBe('@bob');
    // Found profiles show as result cards while the run goes on.
    expect(await screen.findByTitle('alice@example.com')).toBeTruthy();

    await serverSends('item', {
      ...fakeItem('bob', { outcome: 'no_email', creditsUsed: 0, profile: null }),
      runId: queued.id,
    });
    expect(await toasts().findByText('1 account without a new e-mail in this run')).toBeTruthy();
    expect(toasts().getByText('No public email found for bob')).toBeTruthy();
    await serverSends('item', {
      ...fakeItem('carol', { outcome: 'api_error', message: 'rate limited', creditsUsed: 0, profile: null }),
      runId: queued.id,
    });
    // The same toast counts on: one per run, not one per account.
    expect(await toasts().findByText('2 accounts without a new e-mail in this run')).toBeTruthy();
    expect(toasts().getByText('No public email found for bob · API error: rate limited')).toBeTruthy();
    expect(toasts().queryByText('1 account without a new e-mail in this run')).toBeNull();
    // They are listed with the results too.
    expect(screen.getByTestId('missed-items').textContent).toContain('No public email found for bob');
    await serverSends('run', { ...running, processed: 2, emailsFound: 1, creditsUsed: 1, errors: 0 });

    // The end: the clock is the test's from here, to see the card stay 2 s and then go.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const creditReads = () => sent(api, 'GET', '/api/billing/credits').length;
    const readsBefore = creditReads();
    await act(async () => {
      eventStream().send('run', {
        ...running,
        status: 'completed',
        processed: 3,
        emailsFound: 1,
        creditsUsed: 1,
        errors: 1,
        finishedAt: '2026-11-23T10:02:00.000Z',
      });
      await vi.advanceTimersByTimeAsync(0);
    });
    // Sonner puts a toast on screen a few ticks later.
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByText('Batch extraction completed')).toBeTruthy();
    expect(screen.getByText('1 e-mail found in 3 accounts · 1 error · 1 credit used')).toBeTruthy();
    expect(progressText('progress-count')).toBe('3/3');
    expect(progressText('progress-percent')).toBe('100%');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    // The balance is asked for again (the shell's stream moves it too; this catches a missed event).
    expect(creditReads()).toBe(readsBefore + 1);

    await act(() => vi.advanceTimersByTimeAsync(1_949));
    expect(screen.queryByTestId('run-progress')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByTestId('run-progress')).toBeNull();
  });

  it('for a long run, one toast counts the accounts without an e-mail, and the end sums up', async () => {
    const run = fakeRun({ status: 'running', total: 12, source: 'keyword' });
    stubApiWithRun(run, []);
    renderExtractorPage();
    expect(await screen.findByTestId('run-progress')).toBeTruthy();
    await act(async () => eventStream().open());
    await serverSends('item', {
      ...fakeItem('bob', { outcome: 'no_email', creditsUsed: 0, profile: null }),
      runId: run.id,
    });
    await serverSends('run', { ...run, status: 'completed', processed: 12, emailsFound: 0 });
    expect(await screen.findByText('No new emails found')).toBeTruthy();
    expect(screen.getByText('0 e-mails found in 12 accounts · 0 credits used')).toBeTruthy();
    expect(toasts().getByText('1 account without a new e-mail in this run')).toBeTruthy();
  });

  it('a single username that finds an e-mail says "Extraction completed"; one without says "No emails found"', async () => {
    const found = fakeRun({ source: 'single', total: 1 });
    const none = fakeRun({ source: 'single', total: 1 });
    stubExtractorApi({ runs: [found, none] });
    renderExtractorPage();
    // One run in focus (the newest): its card shows, the other is offered.
    expect(await screen.findAllByTestId('run-progress')).toHaveLength(1);
    expect(screen.getByTestId('other-runs').textContent).toContain(
      'Also running: single username of 1 account',
    );
    await serverSends('run', { ...found, status: 'completed', processed: 1, emailsFound: 1, creditsUsed: 1 });
    expect(await screen.findByText('Extraction completed')).toBeTruthy();
    await serverSends('run', { ...none, status: 'completed', processed: 1 });
    expect(await screen.findByText('No emails found')).toBeTruthy();
  });

  it('a failed run says "Error during batch extraction"', async () => {
    const run = fakeRun({ total: 4 });
    stubExtractorApi({ runs: [run] });
    renderExtractorPage();
    expect(await screen.findByTestId('run-progress')).toBeTruthy();
    await serverSends('run', { ...run, status: 'failed', processed: 2, errors: 2 });
    expect(await screen.findByText('Error during batch extraction')).toBeTruthy();
  });

  it('comes back after a reload: an active run is fetched on mount and shows where it is, and a reconnect fetches again', async () => {
    const run = fakeRun({ total: 40, processed: 10, emailsFound: 4, errors: 1, currentUsername: 'dora' });
    const api = stubApiWithRun(run, []);
    renderExtractorPage();
    expect(await screen.findByTestId('run-progress')).toBeTruthy();
    expect(progressText('progress-count')).toBe('10/40');
    expect(progressText('progress-percent')).toBe('25%');
    expect(progressText('current-account')).toBe('@dora');
    expect(progressText('emails-found')).toBe('4');
    expect(progressText('run-errors')).toBe('1');
    expect(eventStream().url).toBe('/api/extractor/events');

    const listCalls = () => sent(api, 'GET', RUNS).length;
    const before = listCalls();
    await act(async () => eventStream().open());
    expect(listCalls()).toBe(before);
    // The connection drops and the browser reconnects: what happened meanwhile is fetched again.
    await act(async () => {
      eventStream().drop();
      eventStream().open();
    });
    await vi.waitFor(() => expect(listCalls()).toBe(before + 1));
  });

  it('a run that had ended before the page opened shows no progress card and says nothing', async () => {
    const run = fakeRun({ status: 'completed', processed: 3, emailsFound: 2 });
    stubApiWithRun(run, [fakeItem('alice')]);
    renderExtractorPage();
    expect(await screen.findByTitle('alice@example.com')).toBeTruthy();
    expect(screen.queryByTestId('run-progress')).toBeNull();
    expect(screen.queryByText('Batch extraction completed')).toBeNull();
  });
});

describe('Cancel', SLOW_FIRST_RENDER, () => {
  it('asks the server to cancel, says "Extraction cancelled" and stops offering Cancel', async () => {
    const run = fakeRun({ total: 20, processed: 5 });
    const api = stubExtractorApi({
      runs: [run],
      routes: {
        [`POST ${RUNS}/${run.id}/cancel`]: () => json({ run: { ...run, cancelRequested: true } }),
      },
    });
    renderExtractorPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Extraction cancelled')).toBeTruthy();
    expect(sent(api, 'POST', `${RUNS}/${run.id}/cancel`)).toHaveLength(1);
    const stopping = screen.getByRole('button', { name: 'Cancelling…' }) as HTMLButtonElement;
    expect(stopping.disabled).toBe(true);

    // The run's end confirms it; the toast is not repeated.
    await serverSends('run', { ...run, status: 'cancelled', cancelRequested: true, processed: 6 });
    expect(await screen.findByRole('heading', { name: 'Extraction cancelled' })).toBeTruthy();
    expect(screen.getAllByText('Extraction cancelled')).toHaveLength(2); // the card's title and one toast
  });

  it('says so when the run could not be cancelled', async () => {
    const run = fakeRun();
    stubExtractorApi({ runs: [run] });
    renderExtractorPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('The run could not be cancelled')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });
});
