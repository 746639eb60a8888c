import { MAX_TEXT_LENGTH } from '@prospector/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  fakeRun,
  json,
  renderExtractorPage,
  sent,
  stubExtractorApi,
} from '../../../testing/render-extractor.tsx';
import { MAX_BATCH_INPUT_LENGTH } from './extract-by-username.tsx';
import { WEBSITE_LOOKUP_LABEL } from './website-lookup-toggle.tsx';

afterEach(() => vi.unstubAllGlobals());

const RUNS = '/api/extractor/runs';

async function openBatch() {
  fireEvent.click(await screen.findByRole('button', { name: 'Batch' }));
  return screen.getByLabelText('Usernames, one per line') as HTMLTextAreaElement;
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

// The first render of a file loads every UI module; on a busy machine that alone can take seconds.
const SLOW_FIRST_RENDER = { timeout: 20_000 };

describe('Extract by Username: batch input (docs/product.md §2, §5)', SLOW_FIRST_RENDER, () => {
  it('counts the valid usernames on the button, lists invalid entries and drops duplicates', async () => {
    const api = stubExtractorApi({
      routes: { [`POST ${RUNS}`]: () => json({ run: fakeRun({ status: 'queued', total: 3 }) }, 202) },
    });
    renderExtractorPage();
    const box = await openBatch();
    type(
      box,
      '@Alice\nbob\n\n  https://www.instagram.com/carol/  \nnot a name!\nALICE\n@bob\ninstagram.com/reel/C1x/\n.dot\n',
    );

    const button = screen.getByRole('button', { name: 'Extract 3 accounts' });
    const invalid = screen.getByTestId('invalid-usernames');
    expect(invalid.textContent).toContain('3 entries are not valid usernames and will not be sent');
    // Each refused line is listed as typed, with the rule it breaks.
    const lines = within(invalid)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      'not a name!—has a space: only letters, digits, periods and underscores are allowed',
      'instagram.com/reel/C1x/—a link to a reel, not a profile',
      '.dot—starts with a period',
    ]);
    expect(screen.getByTestId('duplicate-usernames').textContent).toBe('2 duplicates dropped.');

    fireEvent.click(button);
    await vi.waitFor(() => expect(sent(api, 'POST', RUNS)).toHaveLength(1));
    expect(sent(api, 'POST', RUNS)[0]).toEqual({
      usernames: ['alice', 'bob', 'carol'],
      source: 'batch',
      websites: true,
    });
    // Accepted: the box is cleared for the next batch.
    await vi.waitFor(() => expect(box.value).toBe(''));
  });

  it('says "Extract 1 account" for one, and refuses a list over 1,000 with a clear message', async () => {
    const api = stubExtractorApi();
    renderExtractorPage();
    const box = await openBatch();
    type(box, 'solo');
    expect(screen.getByRole('button', { name: 'Extract 1 account' })).toBeTruthy();

    type(box, Array.from({ length: 1003 }, (_, index) => `user_${index}`).join('\n'));
    const button = screen.getByRole('button', { name: 'Extract 1,003 accounts' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByTestId('over-limit').textContent).toBe(
      'A run takes up to 1,000 usernames; this list has 1,003. Remove 3 to continue.',
    );
    fireEvent.submit(button.closest('form') as HTMLFormElement);
    expect(await screen.findByText('A run takes up to 1,000 usernames; this list has 1,003')).toBeTruthy();
    expect(sent(api, 'POST', RUNS)).toHaveLength(0);
  });

  it('gives the batch box room for 1,000 profile links while the single input keeps the 1,000-character cut', async () => {
    stubExtractorApi();
    renderExtractorPage();
    const single = (await screen.findByLabelText('Instagram username')) as HTMLInputElement;
    expect(single.maxLength).toBe(MAX_TEXT_LENGTH);
    const box = await openBatch();
    expect(box.maxLength).toBe(MAX_BATCH_INPUT_LENGTH);
    const links = Array.from(
      { length: 1000 },
      (_, index) => `https://www.instagram.com/${'u'.repeat(26)}${String(index).padStart(4, '0')}/`,
    );
    expect(links.join('\n').length).toBeLessThanOrEqual(MAX_BATCH_INPUT_LENGTH);
  });

  it('loads usernames from a CSV file by its username column, from a keyboard-reachable button', async () => {
    stubExtractorApi();
    renderExtractorPage();
    const box = await openBatch();
    const button = screen.getByRole('button', { name: 'Load from file' });
    expect(button.tagName).toBe('BUTTON');
    const csv = '\uFEFFusername;full_name;follower_count\nalice;Alice A;120\n"bob";"Bob; B";7\n';
    fireEvent.change(screen.getByTestId('usernames-file'), {
      target: { files: [new File([csv], 'export.csv', { type: 'text/csv' })] },
    });
    await vi.waitFor(() => expect(box.value).toBe('alice\nbob'));
    expect(screen.getByRole('button', { name: 'Extract 2 accounts' })).toBeTruthy();
  });

  it('refuses a file over 256 KB without reading it into the box', async () => {
    stubExtractorApi();
    renderExtractorPage();
    const box = await openBatch();
    fireEvent.change(screen.getByTestId('usernames-file'), {
      target: { files: [new File(['a'.repeat(256 * 1024 + 1)], 'huge.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByText('The file is too large')).toBeTruthy();
    expect(box.value).toBe('');
  });
});

describe(
  'Extract by Username: checks before a run is sent (docs/product.md §5) and the server’s answers',
  SLOW_FIRST_RENDER,
  () => {
    it('an empty single input says "Enter at least one valid username" and sends nothing', async () => {
      const api = stubExtractorApi();
      renderExtractorPage();
      fireEvent.click(await screen.findByRole('button', { name: 'Extract' }));
      expect(await screen.findByText('Enter at least one valid username')).toBeTruthy();
      type(screen.getByLabelText('Instagram username'), 'instagram.com/p/C0ab12XYZ/');
      fireEvent.click(screen.getByRole('button', { name: 'Extract' }));
      expect(
        await screen.findByText(
          'Not a username (a link to a post, not a profile). Usernames have 1–30 letters, digits, periods or underscores, with no period first, last or twice in a row.',
        ),
      ).toBeTruthy();
      expect(sent(api, 'POST', RUNS)).toHaveLength(0);
    });

    it('an empty batch box offers nothing to extract; one with no valid line says "Enter at least one valid username"', async () => {
      const api = stubExtractorApi();
      renderExtractorPage();
      await openBatch();
      const button = screen.getByRole('button', { name: 'Extract 0 accounts' }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      type(screen.getByLabelText('Usernames, one per line'), 'not a username!');
      expect(button.disabled).toBe(false);
      fireEvent.click(button);
      expect(await screen.findByText('Enter at least one valid username')).toBeTruthy();
      expect(sent(api, 'POST', RUNS)).toHaveLength(0);
    });

    it('with no credits left says "You need at least 1 credit to perform an extraction"', async () => {
      const api = stubExtractorApi({ credits: 0 });
      renderExtractorPage();
      expect((await screen.findByTestId('available-credits')).textContent).toBe('0');
      type(screen.getByLabelText('Instagram username'), '@natgeo');
      fireEvent.click(screen.getByRole('button', { name: 'Extract' }));
      expect(await screen.findByText('You need at least 1 credit to perform an extraction')).toBeTruthy();
      expect(sent(api, 'POST', RUNS)).toHaveLength(0);
    });

    it('with fewer credits than accounts says "Insufficient credits" / "You need 3 credits but only have 2"', async () => {
      const api = stubExtractorApi({ credits: 2 });
      renderExtractorPage();
      expect((await screen.findByTestId('available-credits')).textContent).toBe('2');
      const box = await openBatch();
      type(box, 'alice\nbob\ncarol');
      fireEvent.click(screen.getByRole('button', { name: 'Extract 3 accounts' }));
      expect(await screen.findByText('Insufficient credits')).toBeTruthy();
      expect(screen.getByText('You need 3 credits but only have 2')).toBeTruthy();
      expect(sent(api, 'POST', RUNS)).toHaveLength(0);
    });

    it('shows the server’s refusal too: 402 as "Insufficient credits" with its text', async () => {
      stubExtractorApi({
        routes: {
          [`POST ${RUNS}`]: () => apiError(402, 'INSUFFICIENT_CREDITS', 'You need 3 credits but only have 1'),
        },
      });
      renderExtractorPage();
      const box = await openBatch();
      type(box, 'alice\nbob\ncarol');
      fireEvent.click(screen.getByRole('button', { name: 'Extract 3 accounts' }));
      expect(await screen.findByText('Insufficient credits')).toBeTruthy();
      expect(screen.getByText('You need 3 credits but only have 1')).toBeTruthy();
      // Refused: the list stays for the user to shorten.
      expect(box.value).toBe('alice\nbob\ncarol');
    });

    it('shows a 409 as its message ("All usernames already extracted")', async () => {
      stubExtractorApi({
        routes: {
          [`POST ${RUNS}`]: () => apiError(409, 'ALREADY_EXTRACTED', 'All usernames already extracted'),
        },
      });
      renderExtractorPage();
      const box = await openBatch();
      type(box, 'alice\nbob');
      fireEvent.click(screen.getByRole('button', { name: 'Extract 2 accounts' }));
      expect(await screen.findByText('All usernames already extracted')).toBeTruthy();
    });

    it('a service that is down gives "Error during extraction" for a single username', async () => {
      stubExtractorApi({
        routes: { [`POST ${RUNS}`]: () => apiError(503, 'UNAVAILABLE', 'The extractor is unavailable') },
      });
      renderExtractorPage();
      type(await screen.findByLabelText('Instagram username'), 'natgeo');
      fireEvent.click(screen.getByRole('button', { name: 'Extract' }));
      expect(await screen.findByText('Error during extraction')).toBeTruthy();
      expect(screen.getByText('The extractor is unavailable')).toBeTruthy();
    });

    it('says which accounts were skipped as already extracted when the run starts', async () => {
      stubExtractorApi({
        routes: {
          [`POST ${RUNS}`]: () =>
            json({ run: fakeRun({ status: 'queued', total: 1, skipped: ['bob'] }) }, 202),
        },
      });
      renderExtractorPage();
      const box = await openBatch();
      type(box, 'alice\nbob');
      fireEvent.click(screen.getByRole('button', { name: 'Extract 2 accounts' }));
      expect(await screen.findByText('bob has already been extracted')).toBeTruthy();
    });
  },
);

describe('Extract by Username: linked websites', SLOW_FIRST_RENDER, () => {
  it('looks on linked websites by default, and not once the switch is off', async () => {
    const api = stubExtractorApi({
      routes: { [`POST ${RUNS}`]: () => json({ run: fakeRun({ status: 'queued', total: 1 }) }, 202) },
    });
    renderExtractorPage();
    const toggle = await screen.findByRole('switch', { name: WEBSITE_LOOKUP_LABEL });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    const single = screen.getByLabelText('Instagram username');

    type(single, 'studio.nord');
    fireEvent.click(screen.getByRole('button', { name: 'Extract' }));
    await vi.waitFor(() => expect(sent(api, 'POST', RUNS)).toHaveLength(1));
    expect(sent(api, 'POST', RUNS)[0]).toEqual({
      usernames: ['studio.nord'],
      source: 'single',
      websites: true,
    });

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    type(single, 'bakery.rome');
    fireEvent.click(screen.getByRole('button', { name: 'Extract' }));
    await vi.waitFor(() => expect(sent(api, 'POST', RUNS)).toHaveLength(2));
    expect(sent(api, 'POST', RUNS)[1]).toEqual({
      usernames: ['bakery.rome'],
      source: 'single',
      websites: false,
    });
  });
});
