import {
  ACCOUNT_RPC,
  CSV_BOM,
  createEvent,
  DATABASE_ENDPOINTS,
  DATABASE_RPC,
  EXTRACTION_CSV_DELIMITER,
  endpointPath,
  type TExtractionDetail,
  type TExtractionPage,
  type TLeadList,
  V1_ENDPOINTS,
} from '@prospector/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  answerCreditsUsed,
  newUserId,
  newWorkspaceId,
  recorded,
  recordedEvent,
  startServiceFixture,
  type TServiceFixture,
} from '../_factories.ts';
import { createExtractionLibrary } from '../extractions/extraction-library.ts';

// docs/architecture.md §17: the workspace owns the records and lists; its members share them, each
// record and list names the member who made it, and another workspace's ids are "not found".

let fixture: TServiceFixture;
const T0 = Date.parse('2026-01-01T00:00:00.000Z');

beforeAll(async () => {
  fixture = await startServiceFixture();
  await answerCreditsUsed(fixture.bus);
  // An API key acts for its user's personal workspace (the key's secret is its user id here).
  await fixture.bus.reply(ACCOUNT_RPC.apiKey, async ({ secret }) => ({
    status: 'ok' as const,
    userId: secret,
    email: `${secret}@example.com`,
    rateLimit: { limit: 1000, remaining: 999, windowSeconds: 3600, resetSeconds: 3600 },
  }));
});
afterAll(async () => fixture.close());

type TAs = { userId: string; workspaceId?: string };

async function call(as: TAs, method: string, path: string, body?: unknown) {
  return fixture.request(path, {
    ...as,
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
const json = async <T>(response: Response | Promise<Response>) => (await (await response).json()) as T;
const listOf = (as: TAs, query = '') =>
  json<TExtractionPage>(call(as, 'GET', `${DATABASE_ENDPOINTS.list.path}${query ? `?${query}` : ''}`));
const csvUsernames = async (response: Response) => {
  expect(response.status).toBe(200);
  const text = (await response.text()).replace(CSV_BOM, '');
  return text
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(EXTRACTION_CSV_DELIMITER)[0]);
};

/** A workspace with two members who each extracted records in it, and a list one of them made. */
async function teamWorkspace() {
  const workspaceId = newWorkspaceId();
  const ada = { userId: newUserId('ada'), workspaceId };
  const bob = { userId: newUserId('bob'), workspaceId };
  const library = createExtractionLibrary(fixture.database);
  const at = (minute: number) => new Date(T0 + minute * 60_000);
  await library.record(
    { ownerKey: workspaceId, userId: ada.userId },
    recorded('ada_one', { public_email: 'one@ada.test' }),
    at(1),
  );
  await library.record(
    { ownerKey: workspaceId, userId: ada.userId },
    recorded('ada_two', { public_email: 'two@ada.test' }),
    at(2),
  );
  await library.record(
    { ownerKey: workspaceId, userId: bob.userId },
    recorded('bob_one', { public_email: 'one@bob.test' }),
    at(3),
  );
  const page = await listOf(ada);
  const ids = Object.fromEntries(page.items.map((item) => [item.username, item.id])) as Record<
    string,
    string
  >;
  const list = await json<TLeadList>(
    call(ada, 'POST', DATABASE_ENDPOINTS.createLeadList.path, { name: 'Team leads' }),
  );
  return { workspaceId, ada, bob, ids, list };
}

describe('a workspace shares its records and lists among its members', () => {
  it('shows both members the same records and lists, each naming the member who made it', async () => {
    const { ada, bob, ids, list } = await teamWorkspace();
    const [adasView, bobsView] = [await listOf(ada), await listOf(bob)];
    expect(bobsView).toEqual(adasView);
    expect(adasView.items.map((item) => [item.username, item.extractedBy])).toEqual([
      ['bob_one', bob.userId],
      ['ada_two', ada.userId],
      ['ada_one', ada.userId],
    ]);
    const detail = await json<TExtractionDetail>(
      call(bob, 'GET', endpointPath(DATABASE_ENDPOINTS.get, { id: ids.ada_one as string })),
    );
    expect(detail).toMatchObject({ username: 'ada_one', extractedBy: ada.userId });

    // Bob adds Ada's record to Ada's list; both see the list with its maker.
    const added = await call(
      bob,
      'POST',
      endpointPath(DATABASE_ENDPOINTS.addLeadListMembers, { listId: list.id }),
      {
        ids: [ids.ada_one, ids.bob_one],
      },
    );
    expect(await added.json()).toEqual({ added: 2, alreadyInList: 0, notSaved: 0 });
    const lists = await json<{ lists: TLeadList[] }>(call(bob, 'GET', DATABASE_ENDPOINTS.leadLists.path));
    expect(lists.lists).toEqual([
      expect.objectContaining({ id: list.id, memberCount: 2, createdBy: ada.userId }),
    ]);
    // One name per workspace: Bob cannot make a second "Team leads".
    expect(
      (await call(bob, 'POST', DATABASE_ENDPOINTS.createLeadList.path, { name: 'team LEADS' })).status,
    ).toBe(409);

    const stats = await json<{ totalExtractions: number; withEmail: number }>(
      call(bob, 'GET', DATABASE_ENDPOINTS.stats.path),
    );
    expect(stats).toMatchObject({ totalExtractions: 3, withEmail: 3 });
    // Either member may delete the workspace's record.
    const deleted = await call(
      bob,
      'DELETE',
      endpointPath(DATABASE_ENDPOINTS.deleteOne, { id: ids.ada_two as string }),
    );
    expect(deleted.status).toBe(200);
    expect((await listOf(ada)).total).toBe(2);
  });

  it('stores a recorded event in its workspace, by its member, and answers "already extracted" per workspace', async () => {
    const workspaceId = newWorkspaceId();
    const [ada, bob] = [newUserId('ada'), newUserId('bob')];
    await fixture.bus.publish(recordedEvent({ userId: ada, ownerKey: workspaceId }, recorded('shared_acct')));
    await vi.waitFor(async () => expect((await listOf({ userId: bob, workspaceId })).total).toBe(1), {
      timeout: 10_000,
    });
    expect((await listOf({ userId: bob, workspaceId })).items[0]?.extractedBy).toBe(ada);
    // Not in Ada's personal workspace: the record is the team's.
    expect((await listOf({ userId: ada })).total).toBe(0);

    const ask = (request: { userId: string; ownerKey?: string }) =>
      fixture.bus.request(DATABASE_RPC.extracted, { ...request, usernames: ['shared_acct', 'other'] });
    expect(await ask({ userId: bob, ownerKey: workspaceId })).toEqual({ extracted: ['shared_acct'] });
    expect(await ask({ userId: bob })).toEqual({ extracted: [] });
    expect(await ask({ userId: ada })).toEqual({ extracted: [] });

    // The same account extracted for another workspace is a record of its own there.
    const other = newWorkspaceId('client');
    await fixture.bus.publish(recordedEvent({ userId: ada, ownerKey: other }, recorded('shared_acct')));
    await vi.waitFor(async () => expect((await listOf({ userId: ada, workspaceId: other })).total).toBe(1), {
      timeout: 10_000,
    });
    expect((await listOf({ userId: bob, workspaceId })).total).toBe(1);
  });

  it('filters by member ("Extracted by"), in the page, the counts and the export', async () => {
    const { ada, bob, list } = await teamWorkspace();
    const adas = await listOf(bob, `member=${encodeURIComponent(ada.userId)}`);
    expect(adas.items.map((item) => item.username)).toEqual(['ada_two', 'ada_one']);
    expect(adas.total).toBe(2);
    expect(
      (await listOf(ada, `member=${encodeURIComponent(bob.userId)}`)).items.map((item) => item.username),
    ).toEqual(['bob_one']);
    // An empty value is no filter; someone who is not a member matches nothing.
    expect((await listOf(ada, 'member=')).total).toBe(3);
    expect((await listOf(ada, 'member=nobody')).total).toBe(0);

    const exported = await call(
      bob,
      'GET',
      `${DATABASE_ENDPOINTS.exportCsv.path}?member=${encodeURIComponent(ada.userId)}`,
    );
    expect(await csvUsernames(exported)).toEqual(['ada_two', 'ada_one']);
    // With the "In list" filter too: the list's export of one member's records.
    await call(ada, 'POST', endpointPath(DATABASE_ENDPOINTS.addLeadListMembers, { listId: list.id }), {
      usernames: ['ada_one', 'bob_one'],
    });
    const listExport = await call(
      ada,
      'GET',
      `${DATABASE_ENDPOINTS.exportCsv.path}?list=${list.id}&member=${encodeURIComponent(bob.userId)}`,
    );
    expect(await csvUsernames(listExport)).toEqual(['bob_one']);
  });
});

describe("another workspace's ids are not found", () => {
  it('refuses a member of workspace B every route with A’s record and list ids', async () => {
    const { ada, ids, list } = await teamWorkspace();
    const carol = { userId: newUserId('carol'), workspaceId: newWorkspaceId('other') };
    // Ada herself, acting for her personal workspace, is outside the team's too.
    const adaAlone = { userId: ada.userId };
    const record = ids.ada_one as string;
    for (const outsider of [carol, adaAlone]) {
      const routes: Array<[string, string, unknown?]> = [
        ['GET', endpointPath(DATABASE_ENDPOINTS.get, { id: record })],
        ['POST', endpointPath(DATABASE_ENDPOINTS.recheck, { id: record })],
        ['DELETE', endpointPath(DATABASE_ENDPOINTS.deleteOne, { id: record })],
        ['GET', endpointPath(DATABASE_ENDPOINTS.leadList, { listId: list.id })],
        ['PATCH', endpointPath(DATABASE_ENDPOINTS.renameLeadList, { listId: list.id }), { name: 'Mine' }],
        ['DELETE', endpointPath(DATABASE_ENDPOINTS.deleteLeadList, { listId: list.id })],
        ['GET', endpointPath(DATABASE_ENDPOINTS.leadListMembers, { listId: list.id })],
        ['POST', endpointPath(DATABASE_ENDPOINTS.addLeadListMembers, { listId: list.id }), { ids: [record] }],
        [
          'POST',
          endpointPath(DATABASE_ENDPOINTS.removeLeadListMembers, { listId: list.id }),
          { ids: [record] },
        ],
        ['GET', `${DATABASE_ENDPOINTS.exportCsv.path}?ids=${record}`],
        ['GET', `${DATABASE_ENDPOINTS.exportCsv.path}?list=${list.id}`],
      ];
      for (const [method, path, body] of routes) {
        const response = await call(outsider, method, path, body);
        expect({ method, path, status: response.status }).toEqual({ method, path, status: 404 });
      }
      // Their own list cannot take the team's record either.
      const own = await json<TLeadList>(
        call(outsider, 'POST', DATABASE_ENDPOINTS.createLeadList.path, { name: 'Own' }),
      );
      const add = await call(
        outsider,
        'POST',
        endpointPath(DATABASE_ENDPOINTS.addLeadListMembers, { listId: own.id }),
        {
          ids: [record],
        },
      );
      expect(add.status).toBe(404);
      const bulk = await json<{ deleted: number }>(
        call(outsider, 'POST', DATABASE_ENDPOINTS.deleteMany.path, { ids: [record] }),
      );
      expect(bulk.deleted).toBe(0);
      expect((await listOf(outsider, `list=${list.id}`)).total).toBe(0);
      expect((await listOf(outsider)).items.map((item) => item.id)).not.toContain(record);
      const stats = await json<{ totalExtractions: number }>(
        call(outsider, 'GET', DATABASE_ENDPOINTS.stats.path),
      );
      expect(stats.totalExtractions).toBe(0);
      const categories = await json<{ categories: string[] }>(
        call(outsider, 'GET', DATABASE_ENDPOINTS.categories.path),
      );
      expect(categories.categories).toEqual([]);
    }
    // The public API: a key acts for its user's personal workspace.
    const v1 = (path: string, method = 'GET') =>
      fixture.service.app.request(path, { method, headers: { authorization: `Bearer ${ada.userId}` } });
    expect((await v1(endpointPath(V1_ENDPOINTS.deleteExtraction, { id: record }), 'DELETE')).status).toBe(
      404,
    );
    const page = (await (await v1(V1_ENDPOINTS.listExtractions.path)).json()) as { items: unknown[] };
    expect(page.items).toEqual([]);
    // Nothing was changed by any of it.
    expect((await listOf(ada)).total).toBe(3);
    expect(
      (
        await json<TLeadList>(
          call(ada, 'GET', endpointPath(DATABASE_ENDPOINTS.leadList, { listId: list.id })),
        )
      ).name,
    ).toBe('Team leads');
  });
});

describe('erasure', () => {
  it("deletes the user's personal workspace and keeps their records in the team's, no longer naming them", async () => {
    const { workspaceId, ada, bob, list } = await teamWorkspace();
    const library = createExtractionLibrary(fixture.database);
    await library.record(ada.userId, recorded('ada_personal', { public_email: 'me@ada.test' }), new Date(T0));
    await call({ userId: ada.userId }, 'POST', DATABASE_ENDPOINTS.createLeadList.path, { name: 'Mine' });

    await fixture.bus.publish(createEvent('accounts.erased', ada.userId, {}));
    await vi.waitFor(async () => expect((await listOf({ userId: ada.userId })).total).toBe(0), {
      timeout: 10_000,
    });
    await vi.waitFor(
      async () =>
        expect((await listOf(bob)).items.map((item) => [item.username, item.extractedBy])).toEqual([
          ['bob_one', bob.userId],
          ['ada_two', null],
          ['ada_one', null],
        ]),
      { timeout: 10_000 },
    );
    const lists = await json<{ lists: TLeadList[] }>(call(bob, 'GET', DATABASE_ENDPOINTS.leadLists.path));
    expect(lists.lists).toEqual([expect.objectContaining({ id: list.id, createdBy: null })]);
    expect(
      (
        await json<{ lists: TLeadList[] }>(
          call({ userId: ada.userId }, 'GET', DATABASE_ENDPOINTS.leadLists.path),
        )
      ).lists,
    ).toEqual([]);

    // No column of any of the service's tables holds her id any more (her e-mail was never stored).
    const tables = await fixture.database.sql<{ table_name: string }[]>`
      select table_name from information_schema.tables where table_schema = 'database' and table_type = 'BASE TABLE'`;
    for (const { table_name } of tables) {
      const [found] = await fixture.database.sql.unsafe<{ count: number }[]>(
        `select count(*)::int as count from database."${table_name}" t where t::text like $1`,
        [`%${ada.userId}%`],
      );
      expect({ table_name, count: found?.count }).toEqual({ table_name, count: 0 });
    }
    expect((await listOf(bob)).total).toBe(3);
    expect(workspaceId).not.toBe(ada.userId);
  });
});
