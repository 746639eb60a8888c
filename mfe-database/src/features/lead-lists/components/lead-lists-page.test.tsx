import type { TLeadList } from '@prospector/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DatabasePage from '../../../exposes/database-page.ts';
import { json, page, renderPage, row, stubApi } from '../../../testing/render-database.tsx';
import { LeadListsPage, listIdOf } from './lead-lists-page.tsx';

const LIST_ID = '6f1c2a8e-5b7d-4e3f-9a1b-2c3d4e5f6a7b';
const list = (overrides: Partial<TLeadList> = {}): TLeadList => ({
  id: LIST_ID,
  name: 'Roasters',
  memberCount: 2,
  withEmailCount: 1,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});
const renderLists = (url: string) => renderPage(url, <LeadListsPage />, '/dashboard/lead-lists/*');

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('listIdOf', () => {
  it('reads the list id after the Lists page’s path, and nothing on the page itself', () => {
    expect(listIdOf('/dashboard/lead-lists')).toBeNull();
    expect(listIdOf('/dashboard/lead-lists/')).toBeNull();
    expect(listIdOf(`/dashboard/lead-lists/${LIST_ID}`)).toBe(LIST_ID);
    expect(listIdOf('/dashboard/lead-lists/a%2Fb/more')).toBe('a/b');
  });
});

describe('Lists page', { timeout: 20_000 }, () => {
  it('says how to start when there are no lists, and creates one by Enter', async () => {
    let lists: TLeadList[] = [];
    const { calls } = stubApi({
      '/api/database/lists': () => json({ lists }),
      'POST /api/database/lists': (call) => {
        lists = [list({ name: (call.body as { name: string }).name, memberCount: 0, withEmailCount: 0 })];
        return json(lists[0], 201);
      },
    });
    renderLists('/dashboard/lead-lists');
    expect(await screen.findByText(/^No lists yet/)).toBeTruthy();
    const name = screen.getByLabelText('New list');
    fireEvent.change(name, { target: { value: '  Coffee  ' } });
    fireEvent.submit(name.closest('form') as HTMLFormElement);
    expect(await screen.findByRole('link', { name: /Coffee/ })).toBeTruthy();
    expect(screen.getByText('0 accounts · 0 with e-mail')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Coffee' });
  });

  it('refuses a blank name before asking, and shows the service’s refusal of a name in use', async () => {
    const { calls } = stubApi({
      '/api/database/lists': () => json({ lists: [list()] }),
      'POST /api/database/lists': () =>
        json({ error: { code: 'CONFLICT', message: 'A list named “roasters” already exists' } }, 409),
    });
    renderLists('/dashboard/lead-lists');
    const name = await screen.findByLabelText('New list');
    fireEvent.submit(name.closest('form') as HTMLFormElement);
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a list name');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(name, { target: { value: 'roasters' } });
    fireEvent.submit(name.closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('A list named “roasters” already exists'),
    );
  });

  it('offers Try again when the lists cannot be loaded', async () => {
    stubApi({ '/api/database/lists': () => json({ error: { code: 'INTERNAL', message: 'x' } }, 500) });
    renderLists('/dashboard/lead-lists');
    expect(await screen.findByText('Unable to load your lists')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('one list', { timeout: 20_000 }, () => {
  it('shows its members and counts, and removes one from the list', async () => {
    const alpha = row('alpha');
    const bravo = row('bravo', { email: null });
    let members = [alpha, bravo];
    const { calls } = stubApi({
      [`/api/database/lists/${LIST_ID}`]: () => json(list({ memberCount: members.length })),
      [`/api/database/lists/${LIST_ID}/members`]: () => json(page(members)),
      [`POST /api/database/lists/${LIST_ID}/members/remove`]: (call) => {
        const ids = (call.body as { ids: string[] }).ids;
        members = members.filter((member) => !ids.includes(member.id));
        return json({ removed: ids.length });
      },
    });
    renderLists(`/dashboard/lead-lists/${LIST_ID}`);
    expect(await screen.findByRole('heading', { name: 'Roasters' })).toBeTruthy();
    expect(screen.getByText('2 accounts · 1 with e-mail')).toBeTruthy();
    const rows = within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove @bravo from the list' }));
    expect(await screen.findByText('Removed 1 from the list')).toBeTruthy();
    expect(calls.find((call) => call.url.pathname.endsWith('/remove'))?.body).toEqual({ ids: [bravo.id] });
    await waitFor(() => expect(screen.queryByText('@bravo')).toBeNull());
  });

  it('says "List not found" for a list that is not the user’s', async () => {
    stubApi({});
    renderLists(`/dashboard/lead-lists/${LIST_ID}`);
    expect(await screen.findByRole('heading', { name: 'List not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /All lists/ })).toBeTruthy();
  });

  it('says so when the list is empty, with export disabled', async () => {
    stubApi({
      [`/api/database/lists/${LIST_ID}`]: () => json(list({ memberCount: 0, withEmailCount: 0 })),
      [`/api/database/lists/${LIST_ID}/members`]: () => json(page([])),
    });
    renderLists(`/dashboard/lead-lists/${LIST_ID}`);
    expect(await screen.findByText(/^This list is empty/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Database page: In list', { timeout: 20_000 }, () => {
  it('reads the list from the URL, names it in the filter and asks the service for its members', async () => {
    const { calls } = stubApi({
      '/api/database/stats': () =>
        json({ totalExtractions: 1, withEmail: 1, creditsUsed: 1, successRate: 100 }),
      '/api/database/categories': () => json({ categories: [] }),
      '/api/database/extractions': () => json(page([row('alpha')])),
      '/api/database/lists': () => json({ lists: [list()] }),
    });
    renderPage(`/dashboard/instagram-database?list=${LIST_ID}`, <DatabasePage />);
    await screen.findAllByText('@alpha');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'In list' }).textContent).toBe('Roasters'),
    );
    const asked = calls.filter((call) => call.url.pathname === '/api/database/extractions').at(-1);
    expect(asked?.url.searchParams.get('list')).toBe(LIST_ID);
  });
});

describe('Database page: Add to list…', { timeout: 20_000 }, () => {
  it('adds the selection to a chosen list and says how many were already in it', async () => {
    const alpha = row('alpha');
    const charlie = row('charlie');
    const { calls } = stubApi({
      '/api/database/stats': () =>
        json({ totalExtractions: 2, withEmail: 2, creditsUsed: 2, successRate: 100 }),
      '/api/database/categories': () => json({ categories: [] }),
      '/api/database/extractions': () => json(page([alpha, charlie])),
      '/api/database/lists': () => json({ lists: [list()] }),
      [`POST /api/database/lists/${LIST_ID}/members`]: () =>
        json({ added: 1, alreadyInList: 1, notSaved: 0 }),
    });
    renderPage('/dashboard/instagram-database', <DatabasePage />);
    await screen.findAllByText('@alpha');
    const add = screen.getByRole('button', { name: 'Add to list…' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Select All Page' }));
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add to list' });
    await waitFor(() =>
      expect((within(dialog).getByRole('radio', { name: /Roasters/ }) as HTMLInputElement).checked).toBe(
        true,
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to list' }));
    expect(await screen.findByText('Added 1 to “Roasters”, 1 already in the list')).toBeTruthy();
    const added = calls.find((call) => call.method === 'POST' && call.url.pathname.endsWith('/members'));
    expect((added?.body as { ids: string[] } | undefined)?.ids.sort()).toEqual([alpha.id, charlie.id].sort());
  });
});
