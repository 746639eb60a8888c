import { describe, expect, it } from 'vitest';
import { fakeRun } from '../../../testing/render-extractor.tsx';
import {
  checkRunRequest,
  itemMessage,
  runItemsSummary,
  runOutcomeMessage,
  skippedMessages,
  startRunErrorMessage,
} from './run-messages.ts';

describe('checkRunRequest (docs/product.md §5 "Extraction")', () => {
  it.each([
    [0, 50, { kind: 'error', title: 'Enter at least one valid username' }],
    [1, 0, { kind: 'error', title: 'You need at least 1 credit to perform an extraction' }],
    [5, 0, { kind: 'error', title: 'You need at least 1 credit to perform an extraction' }],
    [
      5,
      3,
      { kind: 'error', title: 'Insufficient credits', description: 'You need 5 credits but only have 3' },
    ],
    [1001, 5000, { kind: 'error', title: 'A run takes up to 1,000 usernames; this list has 1,001' }],
    [5, 5, null],
    [1, undefined, null],
  ])('%i accounts with %s credits → %o', (count, available, expected) => {
    expect(checkRunRequest(count, available)).toEqual(expected);
  });

  it('takes the plan’s largest run: a list of 5,000 on the top plan, not 5,001', () => {
    expect(checkRunRequest(5_000, 6_000, 5_000)).toBeNull();
    expect(checkRunRequest(5_001, 6_000, 5_000)).toEqual({
      kind: 'error',
      title: 'A run takes up to 5,000 usernames; this list has 5,001',
    });
  });
});

describe('startRunErrorMessage', () => {
  it('shows the trial-expired refusal as the service says it', () => {
    const message =
      'Trial Period Expired. Your 15-day free trial has ended. Choose a plan to keep extracting e-mails.';
    expect(startRunErrorMessage({ code: 'TRIAL_EXPIRED', message }, false)).toEqual({
      kind: 'error',
      title: message,
    });
  });

  it("shows a refusal past the member's monthly limit as billing words it", () => {
    const message = 'Anna has 0 of 10 credits left this month';
    expect(startRunErrorMessage({ code: 'MEMBER_LIMIT_REACHED', message }, true)).toEqual({
      kind: 'error',
      title: message,
    });
  });

  it('shows "You need {n} credits but only have {m}" under "Insufficient credits", other refusals as they are', () => {
    expect(
      startRunErrorMessage(
        { code: 'INSUFFICIENT_CREDITS', message: 'You need 4 credits but only have 1' },
        true,
      ),
    ).toEqual({
      kind: 'error',
      title: 'Insufficient credits',
      description: 'You need 4 credits but only have 1',
    });
    expect(
      startRunErrorMessage(
        { code: 'INSUFFICIENT_CREDITS', message: 'You need at least 1 credit to perform an extraction' },
        false,
      ),
    ).toEqual({ kind: 'error', title: 'You need at least 1 credit to perform an extraction' });
    expect(
      startRunErrorMessage(
        { code: 'ALREADY_EXTRACTED', message: 'natgeo has already been extracted' },
        false,
      ),
    ).toEqual({
      kind: 'info',
      title: 'natgeo has already been extracted',
    });
    expect(startRunErrorMessage({ code: 'UNAVAILABLE', message: 'down' }, true)).toEqual({
      kind: 'error',
      title: 'Error during batch extraction',
      description: 'down',
    });
  });
});

describe('itemMessage (docs/product.md §8)', () => {
  it.each([
    ['no_data', null, 'No data found for ann'],
    ['no_email', null, 'No public email found for ann'],
    ['insufficient_credits', null, 'Insufficient credits for ann'],
    ['save_error', null, 'Save error for ann'],
    ['opted_out', 'ann has asked not to be contacted', 'ann has asked not to be contacted'],
    ['api_error', 'timeout', 'API error: timeout'],
    ['api_error', 'API error: timeout', 'API error: timeout'],
  ] as const)('%s → %s', (outcome, message, title) => {
    expect(itemMessage({ username: 'ann', outcome, message })?.title).toBe(title);
  });

  it('says nothing for a found e-mail or a cancelled account', () => {
    expect(itemMessage({ username: 'ann', outcome: 'email_found', message: null })).toBeNull();
    expect(itemMessage({ username: 'ann', outcome: 'cancelled', message: null })).toBeNull();
  });
});

describe('runOutcomeMessage (docs/product.md §8 "Outcome toasts")', () => {
  it.each([
    [{ source: 'single', status: 'completed', emailsFound: 1 }, 'Extraction completed'],
    [{ source: 'single', status: 'completed', emailsFound: 0 }, 'No emails found'],
    [{ source: 'batch', status: 'completed', emailsFound: 2 }, 'Batch extraction completed'],
    [{ source: 'keyword', status: 'completed', emailsFound: 0 }, 'No new emails found'],
    [{ source: 'single', status: 'failed', emailsFound: 0 }, 'Error during extraction'],
    [{ source: 'batch', status: 'failed', emailsFound: 0 }, 'Error during batch extraction'],
    [{ source: 'batch', status: 'cancelled', emailsFound: 0 }, 'Extraction cancelled'],
  ] as const)('%o → %s', (run, title) => {
    expect(runOutcomeMessage(fakeRun(run))?.title).toBe(title);
  });

  it('is silent while the run goes on', () => {
    expect(runOutcomeMessage(fakeRun({ status: 'running' }))).toBeNull();
  });
});

describe('skippedMessages', () => {
  it('names each skipped account up to 10, then sums up', () => {
    expect(
      skippedMessages({ skipped: ['ann', 'bob'], inOtherRuns: [] }).map((message) => message.title),
    ).toEqual(['ann has already been extracted', 'bob has already been extracted']);
    const many = skippedMessages({
      skipped: Array.from({ length: 12 }, (_, index) => `user${index}`),
      inOtherRuns: [],
    });
    expect(many).toEqual([
      {
        kind: 'info',
        title: '12 usernames already extracted',
        description: 'Skipped: user0, user1, user2, user3, user4 and 7 more.',
      },
    ]);
  });

  it("says plainly which accounts another of the user's runs holds", () => {
    expect(skippedMessages({ skipped: ['ann'], inOtherRuns: ['bob'] })).toEqual([
      { kind: 'info', title: 'ann has already been extracted' },
      {
        kind: 'info',
        title: '1 username skipped: another of your runs is extracting it',
        description: 'Skipped: bob. You are charged at most once for each account.',
      },
    ]);
    const seven = skippedMessages({ skipped: [], inOtherRuns: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] });
    expect(seven[0]?.title).toBe('7 usernames skipped: another of your runs is extracting them');
    expect(seven[0]?.description).toBe(
      'Skipped: a, b, c, d, e and 2 more. You are charged at most once for each account.',
    );
  });
});

describe('itemMessage for an account paid for in another run', () => {
  it('tells the user no credit was used', () => {
    expect(
      itemMessage({
        username: 'ann',
        outcome: 'email_found',
        message: "ann's e-mail was already paid for in another run: no credit used",
      }),
    ).toEqual({ kind: 'info', title: "ann's e-mail was already paid for in another run: no credit used" });
    expect(itemMessage({ username: 'ann', outcome: 'email_found', message: null })).toBeNull();
  });
});

describe('runItemsSummary: one toast for the accounts of a run without a new e-mail', () => {
  it('counts them, takes the worst kind and names the latest few', () => {
    expect(runItemsSummary([])).toBeNull();
    expect(runItemsSummary([{ kind: 'info', title: 'No public email found for a' }])).toEqual({
      kind: 'info',
      title: '1 account without a new e-mail in this run',
      description: 'No public email found for a',
    });
    const many = runItemsSummary([
      { kind: 'info', title: 'a' },
      { kind: 'error', title: 'b' },
      { kind: 'warning', title: 'c' },
      { kind: 'info', title: 'd' },
      { kind: 'info', title: 'e' },
    ]);
    expect(many).toEqual({
      kind: 'error',
      title: '5 accounts without a new e-mail in this run',
      description: 'c · d · e · and 2 more',
    });
  });
});
