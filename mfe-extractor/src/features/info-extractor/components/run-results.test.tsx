import { CSV_BOM, EXTRACTION_CSV_COLUMNS } from '@prospector/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fakeExtraction,
  fakeItem,
  fakeRun,
  json,
  renderExtractorPage,
  runDetail,
  sent,
  stubApiWithRun,
  stubExtractorApi,
} from '../../../testing/render-extractor.tsx';
import { SAMPLE_DATA_TEXT } from './sample-data-notice.tsx';

afterEach(() => vi.unstubAllGlobals());

const SLOW_FIRST_RENDER = { timeout: 20_000 };

/** Catches the file the page hands to the browser's download. */
function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  const blobs: Blob[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(class extends URL {}, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return `blob:test/${blobs.length}`;
      },
      revokeObjectURL: () => {},
    }),
  );
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    files.push({ name: this.download, blob: blobs[Number(this.href.split('/').at(-1)) - 1] as Blob });
  });
  return { files, restore: () => click.mockRestore() };
}

describe('result cards and Export CSV (docs/product.md §2, §3 "CSV formats")', SLOW_FIRST_RENDER, () => {
  it('shows each profile of the latest run, scraped text as text', async () => {
    const run = fakeRun({ status: 'completed', processed: 2, emailsFound: 1 });
    stubApiWithRun(run, [
      fakeItem('alice', {
        profile: fakeExtraction('alice', {
          full_name: 'Alice <b>Bold</b>',
          is_verified: true,
          follower_count: 12_345,
          biography: '<img src=x onerror="alert(1)"> bakes bread',
          other_emails: ['press@alice.com', 'shop@alice.com'],
        }),
      }),
      fakeItem('bob', {
        outcome: 'no_email',
        creditsUsed: 0,
        profile: fakeExtraction('bob', { public_email: null, is_private: true }),
      }),
      fakeItem('carol', { outcome: 'no_data', creditsUsed: 0, profile: null }),
      fakeItem('dana', {
        profile: fakeExtraction('dana', {
          public_email: 'hello@dana-studio.example',
          email_provenance: {
            provider: 'sandbox',
            field: 'website',
            fetchedAt: '2026-11-23T10:00:00.000Z',
            sourceUrl: 'https://www.dana-studio.example/kontakt/',
          },
        }),
      }),
    ]);
    renderExtractorPage();
    const cards = await screen.findAllByTestId('result-card');
    expect(cards).toHaveLength(3);
    const alice = within(cards[0] as HTMLElement);
    expect(alice.getByText('@alice')).toBeTruthy();
    expect(alice.getByText('Alice <b>Bold</b>')).toBeTruthy();
    expect(alice.getByTitle('alice@example.com')).toBeTruthy();
    expect(
      within(alice.getByTestId('result-other-emails'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['press@alice.com', 'shop@alice.com']);
    expect(alice.getByText('12,345')).toBeTruthy();
    expect(alice.getByText('Verified')).toBeTruthy();
    expect(alice.getByText('Bakery')).toBeTruthy();
    expect(alice.getByTestId('result-bio').textContent).toBe('<img src=x onerror="alert(1)"> bakes bread');
    expect(
      document.querySelector('[data-testid="result-card"] img, [data-testid="result-card"] b'),
    ).toBeNull();
    const bob = within(cards[1] as HTMLElement);
    expect(bob.getByText('No public e-mail')).toBeTruthy();
    expect(bob.getByText('Private')).toBeTruthy();
    expect(bob.queryByTestId('result-other-emails')).toBeNull();
    expect(screen.getByTestId('missed-items').textContent).toBe('No data found for carol');
    // Only an e-mail read on a website names its page, as a link that opens apart from the app.
    expect(alice.queryByTestId('result-email-source')).toBeNull();
    const dana = within(cards[2] as HTMLElement);
    expect(dana.getByTestId('result-email-source').textContent).toBe('Found on dana-studio.example/kontakt/');
    const link = dana.getByRole('link', { name: 'dana-studio.example/kontakt/' });
    expect(link.getAttribute('href')).toBe('https://www.dana-studio.example/kontakt/');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('exports the profiles: BOM, header in the contract’s order, `;`, neutralised and quoted cells', async () => {
    const run = fakeRun({ status: 'completed', processed: 2, emailsFound: 2 });
    stubApiWithRun(run, [
      fakeItem('alice', {
        finishedAt: '2026-11-23T10:01:00.000Z',
        profile: fakeExtraction('alice', {
          full_name: '=HYPERLINK("http://evil")',
          biography: 'Bread; cakes\nand "pies"',
          is_verified: true,
        }),
      }),
      fakeItem('bob', { finishedAt: '2026-11-23T10:02:00.000Z' }),
    ]);
    const downloads = captureDownloads();
    renderExtractorPage();
    await screen.findAllByTestId('result-card');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    downloads.restore();

    expect(downloads.files).toHaveLength(1);
    const [file] = downloads.files;
    expect(file?.name).toMatch(/^instagram-extractions-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = new Uint8Array(await (file as { blob: Blob }).blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text).not.toContain('\r');
    const lines = text
      .slice(1)
      .trimEnd()
      .split(/\n(?=[a-z]+;)/);
    expect(lines[0]).toBe(EXTRACTION_CSV_COLUMNS.join(';'));
    // Records end in LF, as the database's export; the line break inside the quoted bio stays as it was.
    expect(lines[1]).toBe(
      `alice;"'=HYPERLINK(""http://evil"")";1200;300;45;true;false;Bakery;Italy;;;alice@example.com;"Bread; cakes\nand ""pies""";2026-11-23T10:01:00.000Z`,
    );
    expect(lines[2]).toBe(
      'bob;bob full name;1200;300;45;false;false;Bakery;Italy;;;bob@example.com;Bio of bob;2026-11-23T10:02:00.000Z',
    );
  });

  it('adds the e-mail status at the end of each row when "Include e-mail status" is ticked', async () => {
    const run = fakeRun({ status: 'completed', processed: 2, emailsFound: 2 });
    stubApiWithRun(run, [
      fakeItem('alice'),
      fakeItem('bob', {
        creditsUsed: 0,
        emailCheck: {
          status: 'undeliverable',
          code: 'no_mail_server',
          reason: 'no mail server for this domain',
          role: false,
          checkedAt: '2026-11-23T10:01:00.000Z',
        },
      }),
    ]);
    const downloads = captureDownloads();
    renderExtractorPage();
    await screen.findAllByTestId('result-card');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Include e-mail status' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    downloads.restore();

    const text = await (downloads.files[0] as { blob: Blob }).blob.text();
    const lines = text.replace(CSV_BOM, '').split('\n');
    expect(lines[0]).toBe([...EXTRACTION_CSV_COLUMNS, 'email_status', 'email_role'].join(';'));
    expect(lines[1]?.endsWith(';deliverable;false')).toBe(true);
    expect(lines[2]?.endsWith(';undeliverable;false')).toBe(true);
  });

  it('exports only the profiles with an e-mail, and says so beside the button', async () => {
    const run = fakeRun({ status: 'completed', processed: 2, emailsFound: 1 });
    stubApiWithRun(run, [
      fakeItem('alice'),
      fakeItem('bob', {
        outcome: 'no_email',
        creditsUsed: 0,
        profile: fakeExtraction('bob', { public_email: null }),
      }),
    ]);
    const downloads = captureDownloads();
    renderExtractorPage();
    expect(await screen.findAllByTestId('result-card')).toHaveLength(2);
    expect(screen.getByTestId('export-scope').textContent).toBe('1 profile with an e-mail');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    downloads.restore();
    const text = await (downloads.files[0] as { blob: Blob }).blob.text();
    const lines = text.replace(CSV_BOM, '').trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]?.startsWith('alice;')).toBe(true);
  });

  it('offers no export for a run without e-mails', async () => {
    const run = fakeRun({ status: 'completed', processed: 1 });
    stubApiWithRun(run, [fakeItem('carol', { outcome: 'no_data', profile: null, creditsUsed: 0 })]);
    renderExtractorPage();
    expect(await screen.findByText('No data found for carol')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('export-scope').textContent).toBe('No e-mails to export');
  });
});

describe('recent runs', SLOW_FIRST_RENDER, () => {
  it('lists source, when, accounts, e-mails found, credits used and status; opening one shows its results via ?run=', async () => {
    const latest = fakeRun({
      status: 'completed',
      total: 5,
      processed: 5,
      emailsFound: 3,
      emailsUndeliverable: 1,
      creditsUsed: 2,
      createdAt: '2026-11-23T12:00:00.000Z',
    });
    const older = fakeRun({
      status: 'cancelled',
      total: 40,
      processed: 7,
      emailsFound: 2,
      creditsUsed: 2,
      createdAt: '2026-11-20T09:30:00.000Z',
    });
    stubExtractorApi({
      runs: [latest, older],
      details: [runDetail(latest, [fakeItem('newest')]), runDetail(older, [fakeItem('oldie')])],
    });
    renderExtractorPage();
    expect(await screen.findByTitle('newest@example.com')).toBeTruthy();
    const rows = screen.getAllByTestId('recent-run');
    expect(rows).toHaveLength(2);
    const second = within(rows[1] as HTMLElement);
    expect(second.getByText('Nov 20, 2026, 9:30 AM', { exact: false })).toBeTruthy();
    expect(second.getByText('Cancelled')).toBeTruthy();
    // Stopped early: the accounts it processed, of those it was given.
    expect(rows[1]?.textContent).toContain('Accounts7 of 40');
    expect(second.getByTestId('recent-run-source').textContent).toBe('Batch');
    expect(rows[0]?.textContent).toContain('Accounts5');
    expect(rows[1]?.textContent).toContain('E-mails found2');
    expect(rows[1]?.textContent).toContain('Credits used2');
    // Fewer credits than e-mails, and the row says why: the undeliverable one cost nothing.
    expect(within(rows[0] as HTMLElement).getByTestId('recent-run-not-charged').textContent).toBe(
      'Not charged — undeliverable: 1',
    );
    expect(second.queryByTestId('recent-run-not-charged')).toBeNull();
    expect(within(rows[0] as HTMLElement).getByText('Completed')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Showing')).toBeTruthy();

    fireEvent.click(second.getByRole('link', { name: /View results/ }));
    expect(screen.getByTestId('location').textContent).toBe(`/dashboard/instagram-info?run=${older.id}`);
    expect(await screen.findByTitle('oldie@example.com')).toBeTruthy();
    expect(screen.queryByText('newest@example.com')).toBeNull();
  });

  it('tells runs apart: where the usernames came from and the first of them', async () => {
    const runs = [
      fakeRun({
        source: 'keyword',
        sourceDetail: 'vegan bakery',
        firstUsernames: ['a1', 'a2', 'a3'],
        total: 12,
      }),
      fakeRun({ source: 'similar', sourceDetail: '@natgeo', firstUsernames: ['bbcearth'], total: 1 }),
      fakeRun({
        source: 'followers',
        sourceDetail: 'bella.bakery',
        firstUsernames: ['fan.1', 'fan.2'],
        total: 2,
      }),
      fakeRun({ source: 'following', sourceDetail: 'bella.bakery', firstUsernames: [], total: 4 }),
      fakeRun({ source: 'hashtag', sourceDetail: '#travel', firstUsernames: ['t1'], total: 3 }),
      fakeRun({ source: 'single', firstUsernames: ['nike'], total: 1 }),
      // A run from before the detail was kept reads by its kind.
      fakeRun({ source: 'keyword', sourceDetail: null, firstUsernames: [] }),
    ];
    stubExtractorApi({ runs, details: runs.map((run) => runDetail(run, [])) });
    renderExtractorPage();
    await waitFor(() => expect(screen.getAllByTestId('recent-run')).toHaveLength(7));
    expect(screen.getAllByTestId('recent-run-source').map((label) => label.textContent)).toEqual([
      'Keyword "vegan bakery"',
      'Similar to @natgeo',
      'Followers of @bella.bakery',
      'Accounts @bella.bakery follows',
      'Hashtag #travel',
      'Single username',
      'Keyword selection',
    ]);
    expect(screen.getAllByTestId('recent-run-names').map((names) => names.textContent)).toEqual([
      '@a1, @a2, @a3 and 9 more',
      '@bbcearth',
      '@fan.1, @fan.2',
      '@t1 and 2 more',
      '@nike',
    ]);
    // The link says which run it opens.
    expect(screen.getByRole('link', { name: /^View progress of the run "Hashtag #travel"/ })).toBeTruthy();
  });

  it('opens the run named in the address (a link from the credit history)', async () => {
    const latest = fakeRun({ status: 'completed' });
    const linked = fakeRun({ status: 'completed' });
    stubExtractorApi({
      runs: [latest, linked],
      details: [runDetail(latest, [fakeItem('newest')]), runDetail(linked, [fakeItem('linked')])],
    });
    renderExtractorPage(`/dashboard/instagram-info?run=${linked.id}`);
    expect(await screen.findByTitle('linked@example.com')).toBeTruthy();
    expect(screen.queryByText('newest@example.com')).toBeNull();
  });

  it('says when there are no runs yet, and when a linked run does not exist', async () => {
    stubExtractorApi();
    renderExtractorPage('/dashboard/instagram-info?run=00000000-0000-4000-8000-999999999999');
    expect(await screen.findByText('No runs yet. Your extractions will appear here.')).toBeTruthy();
    expect(await screen.findByText('This run was not found.')).toBeTruthy();
  });
});

describe('sample data notice', SLOW_FIRST_RENDER, () => {
  it('labels the sandbox provider’s profiles as generated sample data', async () => {
    stubExtractorApi({ provider: { sampleData: true } });
    renderExtractorPage();
    const notice = await screen.findByTestId('sample-data-notice');
    expect(notice.textContent).toContain('Sample data');
    expect(notice.textContent).toContain(SAMPLE_DATA_TEXT);
  });

  it('says nothing for a real provider', async () => {
    stubExtractorApi({ provider: { provider: 'apify', sampleData: false } });
    renderExtractorPage();
    expect(await screen.findByText('No runs yet. Your extractions will appear here.')).toBeTruthy();
    expect(screen.queryByTestId('sample-data-notice')).toBeNull();
  });
});

describe('lead lists from a run’s results (issue 22)', SLOW_FIRST_RENDER, () => {
  const LIST_ID = '6f1c2a8e-5b7d-4e3f-9a1b-2c3d4e5f6a7b';

  it('adds the ticked results by username to a new list, and saves all the run saved once it has ended', async () => {
    const run = fakeRun({ status: 'completed', processed: 2, emailsFound: 1 });
    const mock = stubApiWithRun(run, [fakeItem('alice'), fakeItem('bob')], {
      routes: {
        'GET /api/database/lists': () => json({ lists: [] }),
        'POST /api/database/lists': ({ body }) =>
          json(
            {
              id: LIST_ID,
              name: (body as { name: string }).name,
              memberCount: 0,
              withEmailCount: 0,
              createdAt: '2026-03-01T10:00:00.000Z',
              updatedAt: '2026-03-01T10:00:00.000Z',
            },
            201,
          ),
        [`POST /api/database/lists/${LIST_ID}/members`]: ({ body }) =>
          json(
            (body as { runId?: string }).runId
              ? { added: 2, alreadyInList: 0, notSaved: 0 }
              : { added: 0, alreadyInList: 0, notSaved: 1 },
          ),
      },
    });
    renderExtractorPage();
    const results = await screen.findByTestId('run-results');
    await within(results).findAllByTestId('result-card');
    const addSelected = within(results).getByRole('button', { name: 'Add to list…' }) as HTMLButtonElement;
    expect(addSelected.disabled).toBe(true);
    fireEvent.click(within(results).getByRole('checkbox', { name: 'Select @bob' }));
    fireEvent.click(addSelected);
    let dialog = await screen.findByRole('dialog', { name: 'Add to list' });
    fireEvent.change(await within(dialog).findByLabelText('New list name'), { target: { value: 'Bakers' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to list' }));
    expect(
      await screen.findByText('Added 0 to “Bakers” (1 not saved in your database, so not added)'),
    ).toBeTruthy();
    expect(sent(mock, 'POST', `/api/database/lists/${LIST_ID}/members`)).toEqual([{ usernames: ['bob'] }]);

    fireEvent.click(within(results).getByRole('button', { name: 'Save all to list' }));
    dialog = await screen.findByRole('dialog', { name: 'Add to list' });
    fireEvent.change(await within(dialog).findByLabelText('New list name'), { target: { value: 'All' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to list' }));
    expect(await screen.findByText('Added 2 to “All”')).toBeTruthy();
    expect(sent(mock, 'POST', `/api/database/lists/${LIST_ID}/members`).at(-1)).toEqual({ runId: run.id });
  });

  it('keeps Save all to list for the end of the run', async () => {
    const run = fakeRun({ status: 'running', processed: 1 });
    stubApiWithRun(run, [fakeItem('alice')]);
    renderExtractorPage();
    const results = await screen.findByTestId('run-results');
    await within(results).findAllByTestId('result-card');
    expect(
      (within(results).getByRole('button', { name: 'Save all to list' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
