import { RECHECK_NOTICES, type TExtractionDetail } from '@prospector/contracts';
import { bareExtractionData } from '@prospector/contracts/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, page, renderPage, row, stubApi, type TApiCall } from '../../../testing/render-database.tsx';
import { retentionNote } from '../record-age.ts';
import { DatabasePage } from './database-page.tsx';

const PATH = '/dashboard/instagram-database';
const STATS = { totalExtractions: 3, withEmail: 2, creditsUsed: 2, successRate: 66.7 };
const withMail = row('alpha');
const noMail = row('bravo', { email: null });
const another = row('charlie', { biography: '<b>not bold</b>\nsecond line' });

const listCalls = (calls: TApiCall[]) =>
  calls.filter((call) => call.url.pathname === '/api/database/extractions');
const lastListQuery = (calls: TApiCall[]) => listCalls(calls).at(-1)?.url.search ?? '';
const location = () => screen.getByTestId('location').textContent;

function stubDatabase(items = [withMail, noMail, another], extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    '/api/database/stats': () => json(STATS),
    '/api/database/categories': () => json({ categories: ['Art', 'Food'] }),
    '/api/database/extractions': () => json(page(items)),
    ...extra,
  });
}

beforeEach(() => {
  // The download link: jsdom has neither object URLs nor navigation.
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Database page: filters and the URL', { timeout: 20_000 }, () => {
  it('reads the filters from the URL and asks the service for exactly them', async () => {
    const { calls } = stubDatabase();
    renderPage(
      `${PATH}?q=ali&email=with&followersMin=100&verified=no&emailStatus=risky&emailRole=role&category=Art&bio=vegan+coach&page=2`,
      <DatabasePage />,
    );
    expect(await screen.findByText('@alpha')).toBeTruthy();
    expect((screen.getByLabelText('Search by username or e-mail') as HTMLInputElement).value).toBe('ali');
    expect((screen.getByLabelText('Followers minimum') as HTMLInputElement).value).toBe('100');
    expect((screen.getByLabelText('Bio keywords') as HTMLInputElement).value).toBe('vegan coach');
    expect(screen.getByText('1 selected')).toBeTruthy();
    const query = new URLSearchParams(lastListQuery(calls));
    expect(Object.fromEntries(query)).toEqual({
      q: 'ali',
      email: 'with',
      followersMin: '100',
      verified: 'no',
      emailStatus: 'risky',
      emailRole: 'role',
      category: 'Art',
      bio: 'vegan coach',
      page: '2',
    });
    expect(screen.getByRole('combobox', { name: 'E-mail status' }).textContent).toContain('Risky only');
    expect(screen.getByRole('combobox', { name: 'Address type' }).textContent).toContain(
      'Role addresses only',
    );
  });

  it('writes typed filters to the URL after a pause, back on page 1', async () => {
    const { calls } = stubDatabase(undefined, {
      '/api/database/extractions': ({ url }) =>
        json(page([withMail], { page: Number(url.searchParams.get('page') ?? 1), total: 100 })),
    });
    renderPage(`${PATH}?page=3`, <DatabasePage />);
    await screen.findByText('@alpha');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.change(screen.getByLabelText('Search by username or e-mail'), { target: { value: 'a' } });
    fireEvent.change(screen.getByLabelText('Search by username or e-mail'), { target: { value: 'al' } });
    fireEvent.change(screen.getByLabelText('Media maximum'), { target: { value: '50' } });
    // Nothing is sent while typing.
    expect(location()).toBe('?page=3');
    await act(async () => vi.advanceTimersByTime(350));
    vi.useRealTimers();
    await waitFor(() => expect(location()).toBe('?q=al&mediaMax=50'));
    await waitFor(() => expect(lastListQuery(calls)).toBe('?q=al&mediaMax=50'));
    expect(listCalls(calls).some((call) => call.url.search === '?q=a')).toBe(false);
  });

  it('shows the empty state when nothing matches', async () => {
    stubDatabase([]);
    renderPage(PATH, <DatabasePage />);
    expect(await screen.findByText('No extractions found matching your filters.')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Previous/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: /Next/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says "Unable to load extractions" when the list fails', async () => {
    stubDatabase(undefined, {
      '/api/database/extractions': () => json({ error: { code: 'INTERNAL', message: 'x' } }, 500),
    });
    renderPage(PATH, <DatabasePage />);
    expect(await screen.findByText('Unable to load extractions')).toBeTruthy();
  });

  it('pages with Previous and Next, "Page x of y"', async () => {
    const { calls } = stubApi({
      '/api/database/stats': () => json(STATS),
      '/api/database/categories': () => json({ categories: [] }),
      '/api/database/extractions': ({ url }) =>
        json(
          page([row(`p${url.searchParams.get('page') ?? '1'}`)], {
            page: Number(url.searchParams.get('page') ?? 1),
            total: 60,
          }),
        ),
    });
    renderPage(PATH, <DatabasePage />);
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('@p2')).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(location()).toBe('?page=2');
    fireEvent.click(screen.getByRole('button', { name: /Previous/ }));
    expect(await screen.findByText('@p1')).toBeTruthy();
    expect(lastListQuery(calls)).toBe('');
  });
});

describe('Database page: selection, export and delete', { timeout: 20_000 }, () => {
  it('lets only rows with an e-mail be selected; Select All Page and Clear Selection', async () => {
    stubDatabase();
    renderPage(PATH, <DatabasePage />);
    await screen.findByText('@alpha');
    const noMailBox = screen.getByRole('checkbox', { name: '@bravo has no e-mail' });
    expect(noMailBox.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Select All Page' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Select @alpha' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('checkbox', { name: 'Select @charlie' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(noMailBox.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Clear Selection' }));
    expect(screen.queryByText('2 selected')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select @charlie' }));
    expect(screen.getByText('1 selected')).toBeTruthy();
  });

  it('exports every matching row with an e-mail when nothing is selected, and only the selection otherwise', async () => {
    const csv = () =>
      new Response('\uFEFFusername\n', {
        headers: { 'content-disposition': 'attachment; filename="x.csv"' },
      });
    const { calls } = stubDatabase(undefined, { '/api/database/extractions/export': csv });
    renderPage(`${PATH}?privacy=public`, <DatabasePage />);
    await screen.findByText('@alpha');
    const exportCalls = () =>
      calls.filter((call) => call.url.pathname === '/api/database/extractions/export');
    fireEvent.click(screen.getByRole('button', { name: /Export Selected/ }));
    await waitFor(() => expect(exportCalls()).toHaveLength(1));
    expect(exportCalls()[0]?.url.search).toBe('?privacy=public');
    await waitFor(() => expect(HTMLAnchorElement.prototype.click).toHaveBeenCalledTimes(1));

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select @charlie' }));
    fireEvent.click(screen.getByRole('button', { name: /Export Selected/ }));
    await waitFor(() => expect(exportCalls()).toHaveLength(2));
    expect(exportCalls()[1]?.url.search).toBe(`?ids=${another.id}`);
  });

  it('says "No data to export" when the service has no row with an e-mail', async () => {
    stubDatabase(undefined, {
      '/api/database/extractions/export': () =>
        json({ error: { code: 'NOT_FOUND', message: 'No data to export' } }, 404),
    });
    renderPage(PATH, <DatabasePage />);
    await screen.findByText('@alpha');
    fireEvent.click(screen.getByRole('button', { name: /Export Selected/ }));
    expect(await screen.findByText('No data to export')).toBeTruthy();
    expect(HTMLAnchorElement.prototype.click).not.toHaveBeenCalled();
  });

  it.each([
    ['An export is already running. Please wait for it to finish.'],
    ['Many exports are running right now. Please try again in a minute.'],
  ])('says "%s" when the service refuses the export with 429', async (message) => {
    stubDatabase(undefined, {
      '/api/database/extractions/export': () => json({ error: { code: 'RATE_LIMITED', message } }, 429),
    });
    renderPage(PATH, <DatabasePage />);
    await screen.findByText('@alpha');
    fireEvent.click(screen.getByRole('button', { name: /Export Selected/ }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(HTMLAnchorElement.prototype.click).not.toHaveBeenCalled();
  });

  it('deletes one row only after the confirmation, then reloads the list and the figures', async () => {
    const { calls } = stubDatabase(undefined, {
      [`DELETE /api/database/extractions/${withMail.id}`]: () => json({ deleted: 1 }),
    });
    renderPage(PATH, <DatabasePage />);
    await screen.findByText('@alpha');
    fireEvent.click(screen.getByRole('button', { name: 'Delete @alpha' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete @alpha?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    const before = listCalls(calls).length;
    const statsBefore = calls.filter((call) => call.url.pathname === '/api/database/stats').length;
    fireEvent.click(screen.getByRole('button', { name: 'Delete @alpha' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
    await waitFor(() =>
      expect(calls.filter((call) => call.url.pathname === '/api/database/stats').length).toBeGreaterThan(
        statsBefore,
      ),
    );
  });

  it('deletes the selection after the confirmation, and says so when it fails', async () => {
    const { calls } = stubDatabase(undefined, {
      'POST /api/database/extractions/delete': () => json({ error: { code: 'INTERNAL', message: 'x' } }, 500),
    });
    renderPage(PATH, <DatabasePage />);
    await screen.findByText('@alpha');
    expect((screen.getByRole('button', { name: /Delete Selected/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Select All Page' }));
    fireEvent.click(screen.getByRole('button', { name: /Delete Selected/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete 2 extractions?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Unable to delete extraction(s)')).toBeTruthy();
    const sent = calls.find((call) => call.method === 'POST');
    expect(((sent?.body ?? { ids: [] }) as { ids: string[] }).ids.sort()).toEqual(
      [withMail.id, another.id].sort(),
    );
  });
});

const detailOf = (overrides: Partial<TExtractionDetail> = {}): TExtractionDetail => ({
  id: another.id,
  username: 'charlie',
  emailFound: true,
  creditsUsed: 1,
  createdAt: '2026-03-01T10:00:00.000Z',
  emailSourceUrl: null,
  profile: {
    ...bareExtractionData('charlie'),
    full_name: 'Charlie C.',
    follower_count: 1,
    following_count: 1,
    media_count: 1,
    is_verified: false,
    is_private: false,
    public_email: 'charlie@gone.example',
  },
  emailCheck: {
    status: 'deliverable',
    code: 'accepts_mail',
    reason: 'the domain has a mail server',
    role: false,
    checkedAt: '2026-03-01T10:00:00.000Z',
  },
  recheckAvailableAt: null,
  refreshedAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2027-03-01T10:00:00.000Z',
  retentionMonths: 12,
  ...overrides,
});

describe('Database page: detail', { timeout: 20_000 }, () => {
  it('opens the whole profile with the biography as text, the other e-mails and the e-mail provenance', async () => {
    const detail = detailOf({
      profile: {
        ...detailOf().profile,
        follower_count: 4200,
        following_count: 12,
        media_count: 99,
        is_verified: true,
        category: 'Food',
        country: 'Italy',
        date_joined: '2015-03',
        external_url: 'https://charlie.example',
        public_email: 'charlie@example.com',
        biography: '<b>not bold</b>\nsecond line',
        email_provenance: {
          provider: 'apify',
          field: 'business_email',
          fetchedAt: '2026-03-01T09:59:00.000Z',
        },
        other_emails: ['press@charlie.com', 'events@charlie.com'],
      },
      emailCheck: {
        status: 'risky',
        code: 'accept_all',
        reason: 'the mail server accepts any address on this domain',
        role: false,
        checkedAt: '2026-03-01T10:00:00.000Z',
      },
    });
    stubDatabase(undefined, { [`/api/database/extractions/${another.id}`]: () => json(detail) });
    renderPage(PATH, <DatabasePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Details of @charlie' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Charlie C.')).toBeTruthy();
    expect(within(dialog).getByText('4,200')).toBeTruthy();
    expect(within(dialog).getByText('Italy')).toBeTruthy();
    expect(within(dialog).getByText('Apify')).toBeTruthy();
    expect(within(dialog).getByText('business e-mail field')).toBeTruthy();
    expect(within(dialog).getByText('Other e-mails')).toBeTruthy();
    expect(
      within(within(dialog).getByTestId('detail-other-emails'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['press@charlie.com', 'events@charlie.com']);
    const bio = within(dialog).getByText(/not bold/);
    expect(bio.textContent).toBe('<b>not bold</b>\nsecond line');
    expect(bio.querySelector('b')).toBeNull();
    expect(within(dialog).queryByText('Page')).toBeNull();
  });

  it('links the website page an e-mail was read on, and never a non-http one', async () => {
    const sourceUrl = 'https://www.charlie.example/kontakt/';
    const profile = {
      username: 'charlie',
      full_name: 'Charlie C.',
      follower_count: 4200,
      following_count: 12,
      media_count: 99,
      is_verified: false,
      is_private: false,
      category: null,
      country: null,
      date_joined: null,
      external_url: 'https://www.charlie.example',
      public_email: 'hello@charlie.example',
      biography: null,
      email_provenance: {
        provider: 'sandbox' as const,
        field: 'website' as const,
        fetchedAt: '2026-03-01T09:59:00.000Z',
        sourceUrl,
      },
    };
    const detail: TExtractionDetail = {
      id: another.id,
      username: 'charlie',
      emailFound: true,
      creditsUsed: 1,
      createdAt: '2026-03-01T10:00:00.000Z',
      emailSourceUrl: sourceUrl,
      profile,
      emailCheck: null,
      recheckAvailableAt: null,
      refreshedAt: '2026-03-01T10:00:00.000Z',
      expiresAt: '2027-03-01T10:00:00.000Z',
      retentionMonths: 12,
    };
    stubDatabase(undefined, { [`/api/database/extractions/${another.id}`]: () => json(detail) });
    const view = renderPage(PATH, <DatabasePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Details of @charlie' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('linked website')).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: sourceUrl });
    expect(link.getAttribute('href')).toBe(sourceUrl);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    view.unmount();

    stubDatabase(undefined, {
      [`/api/database/extractions/${another.id}`]: () =>
        json({ ...detail, emailSourceUrl: 'javascript:alert(1)' }),
    });
    renderPage(PATH, <DatabasePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Details of @charlie' }));
    const second = await screen.findByRole('dialog');
    expect(await within(second).findByText('javascript:alert(1)')).toBeTruthy();
    expect(within(second).queryByRole('link')).toBeNull();
  });

  it('shows the e-mail status with its reason, and re-checks the record for free, renewing it', async () => {
    const rechecked = {
      ...detailOf({
        creditsUsed: 0,
        emailCheck: {
          status: 'undeliverable',
          code: 'no_mail_server',
          reason: 'no mail server for this domain',
          role: false,
          checkedAt: '2026-03-02T10:00:00.000Z',
        },
        recheckAvailableAt: '2026-03-03T10:00:00.000Z',
        refreshedAt: '2026-03-02T10:00:00.000Z',
        expiresAt: '2027-03-02T10:00:00.000Z',
      }),
      notice: null,
    };
    // As the service does: the re-check changes what the record reads afterwards.
    let current: TExtractionDetail = detailOf();
    const { calls } = stubDatabase(undefined, {
      [`/api/database/extractions/${another.id}`]: () => json(current),
      [`POST /api/database/extractions/${another.id}/recheck`]: () => {
        current = rechecked;
        return json(rechecked);
      },
    });
    renderPage(PATH, <DatabasePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Details of @charlie' }));
    const dialog = await screen.findByRole('dialog');
    const section = await within(dialog).findByTestId('email-status-section');
    expect(within(section).getByTestId('email-status').textContent).toBe('Deliverable');
    expect(within(section).getByTestId('email-status-reason').textContent).toBe(
      'The domain has a mail server',
    );
    const saved = within(dialog).getByTestId('saved-data-section');
    expect(saved.textContent).toContain('12 months after its data was fetched');
    expect(within(saved).getByTestId('recheck-hint').textContent).toMatch(
      /^Free, once a day: fetches the profile again, checks its e-mail and keeps the record another 12 months\./,
    );

    fireEvent.click(within(saved).getByRole('button', { name: 'Re-check' }));
    await within(section).findByText('No mail server for this domain');
    expect(within(section).getByTestId('email-status').getAttribute('data-status')).toBe('undeliverable');
    expect((await within(saved).findByRole('status')).textContent).toMatch(
      /^Re-checked\. Expires Mar 2, 2027\.$/,
    );
    expect(within(saved).getByTestId('recheck-hint').textContent).toMatch(/you can re-check it again after/);
    expect((within(saved).getByRole('button', { name: 'Re-check' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname.endsWith('/recheck'))).toBe(true);
  });

  it("shows the server's message when a re-check is refused", async () => {
    const message =
      'This record was re-checked less than a day ago. You can re-check it again after 2026-03-03 10:00 UTC.';
    stubDatabase(undefined, {
      [`/api/database/extractions/${another.id}`]: () => json(detailOf()),
      [`POST /api/database/extractions/${another.id}/recheck`]: () =>
        json({ error: { code: 'RATE_LIMITED', message } }, 429),
    });
    renderPage(PATH, <DatabasePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Details of @charlie' }));
    const saved = await within(await screen.findByRole('dialog')).findByTestId('saved-data-section');
    fireEvent.click(within(saved).getByRole('button', { name: 'Re-check' }));
    expect((await within(saved).findByRole('alert')).textContent).toBe(message);
  });

  it('re-checks a record without an e-mail too, and says why no e-mail was added', async () => {
    const withheld = {
      ...detailOf({ profile: { ...detailOf().profile, public_email: null }, emailCheck: null }),
      notice: RECHECK_NOTICES.emailWithheld,
    };
    stubDatabase(undefined, {
      [`/api/database/extractions/${another.id}`]: () => json(detailOf({ ...withheld })),
      [`POST /api/database/extractions/${another.id}/recheck`]: () => json(withheld),
    });
    renderPage(PATH, <DatabasePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Details of @charlie' }));
    const dialog = await screen.findByRole('dialog');
    const saved = await within(dialog).findByTestId('saved-data-section');
    expect(within(dialog).queryByTestId('email-status-section')).toBeNull();
    fireEvent.click(within(saved).getByRole('button', { name: 'Re-check' }));
    expect((await within(saved).findByText(/^Re-checked\./)).textContent).toBe(
      `Re-checked. ${RECHECK_NOTICES.emailWithheld}`,
    );
  });
});

describe('Database page: age, expiry and the re-check from the list', { timeout: 20_000 }, () => {
  it("shows each record's age and expiry, and the retention period", async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-26T12:00:00.000Z'), toFake: ['Date'] });
    try {
      stubDatabase([
        row('fresh', { refreshedAt: '2026-11-26T08:00:00.000Z', expiresAt: '2027-11-26T08:00:00.000Z' }),
        row('older', { refreshedAt: '2026-02-20T08:00:00.000Z', expiresAt: '2027-02-20T08:00:00.000Z' }),
      ]);
      renderPage(PATH, <DatabasePage />);
      await screen.findByText('@older');
      const table = screen.getByRole('table');
      expect(within(table).getByRole('columnheader', { name: 'Age' })).toBeTruthy();
      const cells = (name: string) =>
        within(screen.getByRole('button', { name: `Details of @${name}` }).closest('tr') as HTMLElement)
          .getAllByRole('cell')
          .map((cell) => cell.textContent);
      expect(cells('fresh')).toContain('Fetched todayExpires Nov 26, 2027');
      expect(cells('older')).toContain('9 months oldExpires Feb 20, 2027');
      expect(screen.getByTestId('retention-note').textContent).toBe(retentionNote(12));
    } finally {
      vi.useRealTimers();
    }
  });

  it('re-checks one record from its row and says what happened, or why not', async () => {
    const target = row('delta');
    let refuse = false;
    const { calls } = stubDatabase([target], {
      [`POST /api/database/extractions/${target.id}/recheck`]: () =>
        refuse
          ? json(
              {
                error: {
                  code: 'CONFLICT',
                  message: '@delta could not be found on Instagram any more. The record was kept as it was.',
                },
              },
              409,
            )
          : json({
              ...detailOf({ id: target.id, username: 'delta', expiresAt: '2027-11-26T08:00:00.000Z' }),
              notice: null,
            }),
    });
    renderPage(PATH, <DatabasePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Re-check @delta' }));
    expect(await screen.findByText('@delta re-checked')).toBeTruthy();
    expect(screen.getByText('Expires Nov 26, 2027.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual([
      `/api/database/extractions/${target.id}/recheck`,
    ]);

    refuse = true;
    fireEvent.click(screen.getByRole('button', { name: 'Re-check @delta' }));
    expect(
      await screen.findByText(
        '@delta could not be found on Instagram any more. The record was kept as it was.',
      ),
    ).toBeTruthy();
  });
});

describe('Database page: records removed after opt-out requests', { timeout: 20_000 }, () => {
  it('says how many were removed and why, and nothing when none were', async () => {
    stubDatabase([withMail], { '/api/database/opt-out-removals': () => json({ removed: 2 }) });
    const { unmount } = renderPage(PATH, <DatabasePage />);
    expect(await screen.findByText(/2 records were removed after opt-out requests/)).toBeTruthy();
    unmount();

    stubDatabase([withMail], { '/api/database/opt-out-removals': () => json({ removed: 0 }) });
    renderPage(PATH, <DatabasePage />);
    expect(await screen.findByText('@alpha')).toBeTruthy();
    expect(screen.queryByText(/removed after/)).toBeNull();
  });
});
