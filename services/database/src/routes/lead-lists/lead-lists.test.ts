import {
  CSV_BOM,
  createEvent,
  DATABASE_ENDPOINTS,
  EXTRACTION_CSV_COLUMNS,
  EXTRACTION_CSV_DELIMITER,
  endpointPath,
  type TExtractionData,
  type TExtractionPage,
  type TLeadList,
} from '@prospector/contracts';
import { createOptOutKeys } from '@prospector/service-kit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newUserId, recorded, startServiceFixture, type TServiceFixture } from '../../_factories.ts';
import { extractions } from '../../db/schema.ts';
import { createExtractionLibrary } from '../../extractions/extraction-library.ts';

let fixture: TServiceFixture;
const T0 = Date.parse('2026-01-01T00:00:00.000Z');

/** Stores records for `userId` (one minute apart, the first oldest); returns their ids by username. */
async function seed(userId: string, profiles: Array<[string, Partial<TExtractionData>?]>, runId?: string) {
  const library = createExtractionLibrary(fixture.database);
  for (const [index, [username, overrides]] of profiles.entries()) {
    const record = recorded(username, overrides);
    await library.record(userId, runId ? { ...record, runId } : record, new Date(T0 + index * 60_000));
  }
  const rows = await fixture.database.db
    .select({ id: extractions.id, username: extractions.instagramUsername })
    .from(extractions)
    .where(sql`${extractions.userId} = ${userId}`);
  return Object.fromEntries(rows.map((row) => [row.username, row.id])) as Record<string, string>;
}

async function call(userId: string, method: string, path: string, body?: unknown) {
  const response = await fixture.request(path, {
    userId,
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // The export starts with a byte-order mark, which response.text() would drop.
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json: json as Record<string, unknown> };
}

const createList = async (userId: string, name: string) => {
  const created = await call(userId, 'POST', DATABASE_ENDPOINTS.leadLists.path, { name });
  expect(created.status, created.text).toBe(201);
  return created.json as unknown as TLeadList;
};
const membersOf = async (userId: string, listId: string) => {
  const page = await call(userId, 'GET', endpointPath(DATABASE_ENDPOINTS.leadListMembers, { listId }));
  expect(page.status, page.text).toBe(200);
  return (page.json as unknown as TExtractionPage).items.map((item) => item.username);
};

beforeAll(async () => {
  fixture = await startServiceFixture();
});
afterAll(async () => fixture.close());

describe('lead lists (real PostgreSQL)', () => {
  it('creates, renames, lists and deletes a list; names are unique per user whatever their case', async () => {
    const ada = newUserId('ada');
    const list = await createList(ada, '  Coffee shops ');
    expect(list).toMatchObject({ name: 'Coffee shops', memberCount: 0, withEmailCount: 0 });
    const taken = await call(ada, 'POST', DATABASE_ENDPOINTS.leadLists.path, { name: 'COFFEE SHOPS' });
    expect(taken.status).toBe(409);
    expect(taken.json).toEqual({
      error: { code: 'CONFLICT', message: 'A list named “COFFEE SHOPS” already exists' },
    });
    // Another user may use the same name.
    await createList(newUserId('bob'), 'Coffee shops');

    const renamed = await call(ada, 'PATCH', endpointPath(DATABASE_ENDPOINTS.leadList, { listId: list.id }), {
      name: 'Roasters',
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json).toMatchObject({ id: list.id, name: 'Roasters' });
    const blank = await call(ada, 'PATCH', endpointPath(DATABASE_ENDPOINTS.leadList, { listId: list.id }), {
      name: '   ',
    });
    expect(blank.status).toBe(400);
    expect(blank.text).toContain('Please enter a list name');

    const second = await createList(ada, 'Bakeries');
    const lists = await call(ada, 'GET', DATABASE_ENDPOINTS.leadLists.path);
    expect((lists.json.lists as TLeadList[]).map((l) => l.name)).toEqual(['Bakeries', 'Roasters']);

    expect(
      (await call(ada, 'DELETE', endpointPath(DATABASE_ENDPOINTS.leadList, { listId: second.id }))).json,
    ).toEqual({ deleted: 1 });
    expect(
      (await call(ada, 'GET', endpointPath(DATABASE_ENDPOINTS.leadList, { listId: second.id }))).status,
    ).toBe(404);
    expect(
      (await call(ada, 'DELETE', endpointPath(DATABASE_ENDPOINTS.leadList, { listId: second.id }))).status,
    ).toBe(404);
    expect(
      (await call(ada, 'GET', endpointPath(DATABASE_ENDPOINTS.leadList, { listId: 'not-a-uuid' }))).json,
    ).toEqual({
      error: { code: 'NOT_FOUND', message: 'List not found' },
    });
  });

  it('never holds an account twice: adding again only counts it', async () => {
    const ada = newUserId('ada');
    const ids = await seed(ada, [['alpha', { public_email: 'alpha@shop.com' }], ['bravo'], ['charlie']]);
    const list = await createList(ada, 'Leads');
    const first = await call(
      ada,
      'POST',
      endpointPath(DATABASE_ENDPOINTS.leadListMembers, { listId: list.id }),
      { ids: [ids.alpha, ids.bravo] },
    );
    expect(first.json).toEqual({ added: 2, alreadyInList: 0, notSaved: 0 });
    const again = await call(
      ada,
      'POST',
      endpointPath(DATABASE_ENDPOINTS.leadListMembers, { listId: list.id }),
      {
        ids: [ids.alpha, ids.bravo, ids.charlie, ids.charlie],
      },
    );
    expect(again.json).toEqual({ added: 1, alreadyInList: 2, notSaved: 0 });
    // Two adds at once of the same records: each lands once.
    const racing = await Promise.all(
      [1, 2, 3].map(() =>
        call(ada, 'POST', endpointPath(DATABASE_ENDPOINTS.leadListMembers, { listId: list.id }), {
          usernames: ['alpha', '@Bravo'],
        }),
      ),
    );
    expect(racing.map((r) => r.json)).toEqual(
      [1, 2, 3].map(() => ({ added: 0, alreadyInList: 2, notSaved: 0 })),
    );
    const [held] = await fixture.database
      .sql`select count(*)::int as count from database.lead_list_members where list_id = ${list.id}`;
    expect(held?.count).toBe(3);
    expect(await membersOf(ada, list.id)).toEqual(['charlie', 'bravo', 'alpha']);
    expect(
      (await call(ada, 'GET', endpointPath(DATABASE_ENDPOINTS.leadList, { listId: list.id }))).json,
    ).toMatchObject({
      memberCount: 3,
      withEmailCount: 1,
    });
    // The same record may be in several lists.
    const other = await createList(ada, 'Other');
    expect(
      (
        await call(ada, 'POST', endpointPath(DATABASE_ENDPOINTS.leadListMembers, { listId: other.id }), {
          ids: [ids.alpha],
        })
      ).json,
    ).toMatchObject({
      added: 1,
    });
  });

  it('adds by username (counting accounts with no saved record) and every record of a run', async () => {
    const ada = newUserId('ada');
    const runId = crypto.randomUUID();
    await seed(ada, [['one'], ['two']], runId);
    await seed(ada, [['three']]);
    const list = await createList(ada, 'Run');
    expect(
      (
        await call(ada, 'POST', endpointPath(DATABASE_ENDPOINTS.leadListMembers, { listId: list.id }), {
          usernames: ['three', 'never.saved'],
        })
      ).json,
    ).toEqual({ added: 1, alreadyInList: 0, notSaved: 1 });
    expect(
      (
        await call(ada, 'POST', endpointPath(DATABASE_ENDPOINTS.leadListMembers, { listId: list.id }), {
          runId,
        })
      ).json,
    ).toEqual({
      added: 2,
      alreadyInList: 0,
      notSaved: 0,
    });
    expect((await membersOf(ada, list.id)).sort()).toEqual(['one', 'three', 'two']);
    const both = await call(
      ada,
      'POST',
      endpointPath(DATABASE_ENDPOINTS.leadListMembers, { listId: list.id }),
      { runId, usernames: ['one'] },
    );
    expect(both.status).toBe(400);
  });

  it('removes members, keeping the records', async () => {
    const ada = newUserId('ada');
    const ids = await seed(ada, [['alpha'], ['bravo']]);
    const list = await createList(ada, 'Leads');
    await call(ada, 'POST', endpointPath(DATABASE_ENDPOINTS.leadListMembers, { listId: list.id }), {
      ids: [ids.alpha, ids.bravo],
    });
    const removed = await call(
      ada,
      'POST',
      endpointPath(DATABASE_ENDPOINTS.removeLeadListMembers, { listId: list.id }),
      {
        ids: [ids.alpha, crypto.randomUUID()],
      },
    );
    expect(removed.json).toEqual({ removed: 1 });
    expect(await membersOf(ada, list.id)).toEqual(['bravo']);
    expect((await call(ada, 'GET', DATABASE_ENDPOINTS.list.path)).json.total).toBe(2);
    // Deleting the list keeps the records too.
    await call(ada, 'DELETE', endpointPath(DATABASE_ENDPOINTS.leadList, { listId: list.id }));
    expect((await call(ada, 'GET', DATABASE_ENDPOINTS.list.path)).json.total).toBe(2);
  });

  it("answers 404 for another user's lists and records, and changes nothing of theirs", async () => {
    const [ada, bob] = [newUserId('ada'), newUserId('bob')];
    const adaIds = await seed(ada, [['alpha', { public_email: 'a@x.com' }]]);
    const bobIds = await seed(bob, [['secret.shop', { public_email: 'secret@bob.com' }]]);
    const adaList = await createList(ada, 'Mine');
    const bobList = await createList(bob, 'Bob list');
    await call(bob, 'POST', endpointPath(DATABASE_ENDPOINTS.leadListMembers, { listId: bobList.id }), {
      ids: [bobIds['secret.shop']],
    });

    const attempts = [
      await call(ada, 'GET', endpointPath(DATABASE_ENDPOINTS.leadList, { listId: bobList.id })),
      await call(ada, 'PATCH', endpointPath(DATABASE_ENDPOINTS.leadList, { listId: bobList.id }), {
        name: 'Taken over',
      }),
      await call(ada, 'GET', endpointPath(DATABASE_ENDPOINTS.leadListMembers, { listId: bobList.id })),
      await call(ada, 'POST', endpointPath(DATABASE_ENDPOINTS.leadListMembers, { listId: bobList.id }), {
        ids: [adaIds.alpha],
      }),
      await call(
        ada,
        'POST',
        endpointPath(DATABASE_ENDPOINTS.removeLeadListMembers, { listId: bobList.id }),
        { ids: [bobIds['secret.shop']] },
      ),
      await call(ada, 'DELETE', endpointPath(DATABASE_ENDPOINTS.leadList, { listId: bobList.id })),
      // Bob's record into Ada's own list.
      await call(ada, 'POST', endpointPath(DATABASE_ENDPOINTS.leadListMembers, { listId: adaList.id }), {
        ids: [bobIds['secret.shop'], adaIds.alpha],
      }),
    ];
    expect(attempts.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    for (const attempt of attempts) expect(attempt.text).not.toContain('secret');
    // Bob's username or run through Ada's list adds nothing of Bob's.
    expect(
      (
        await call(ada, 'POST', endpointPath(DATABASE_ENDPOINTS.leadListMembers, { listId: adaList.id }), {
          usernames: ['secret.shop'],
        })
      ).json,
    ).toEqual({ added: 0, alreadyInList: 0, notSaved: 1 });
    expect(await membersOf(ada, adaList.id)).toEqual([]);
    // The filter and the export with Bob's list id find nothing.
    const filtered = await call(ada, 'GET', `${DATABASE_ENDPOINTS.list.path}?list=${bobList.id}`);
    expect(filtered.json.total).toBe(0);
    const exported = await call(ada, 'GET', `${DATABASE_ENDPOINTS.exportCsv.path}?list=${bobList.id}`);
    expect(exported.status).toBe(404);
    expect((await call(ada, 'GET', DATABASE_ENDPOINTS.leadLists.path)).text).not.toContain('Bob list');
    // Bob's list is as it was.
    expect(await membersOf(bob, bobList.id)).toEqual(['secret.shop']);
    expect(
      (await call(bob, 'GET', endpointPath(DATABASE_ENDPOINTS.leadList, { listId: bobList.id }))).json,
    ).toMatchObject({ name: 'Bob list' });
  });

  it('filters the Database page and its export by "In list", in the export’s exact format', async () => {
    const ada = newUserId('ada');
    const ids = await seed(ada, [
      ['alpha', { public_email: 'alpha@x.com', category: 'Art' }],
      ['bravo', { public_email: '=cmd@x.com', biography: 'semi;colon "quoted"' }],
      ['charlie'],
      ['delta', { public_email: 'delta@x.com' }],
    ]);
    const list = await createList(ada, 'Export me');
    await call(ada, 'POST', endpointPath(DATABASE_ENDPOINTS.leadListMembers, { listId: list.id }), {
      ids: [ids.alpha, ids.bravo, ids.charlie],
    });

    const page = await call(ada, 'GET', `${DATABASE_ENDPOINTS.list.path}?list=${list.id}`);
    expect((page.json as unknown as TExtractionPage).items.map((i) => i.username)).toEqual([
      'charlie',
      'bravo',
      'alpha',
    ]);
    // With the other filters.
    const withEmail = await call(
      ada,
      'GET',
      `${DATABASE_ENDPOINTS.list.path}?list=${list.id}&email=with&q=alp`,
    );
    expect((withEmail.json as unknown as TExtractionPage).items.map((i) => i.username)).toEqual(['alpha']);
    const bad = await call(ada, 'GET', `${DATABASE_ENDPOINTS.list.path}?list=nope`);
    expect(bad.status).toBe(400);

    const listCsv = await call(ada, 'GET', `${DATABASE_ENDPOINTS.exportCsv.path}?list=${list.id}`);
    expect(listCsv.status).toBe(200);
    // Exactly the Database export of the same records (rows with an e-mail only).
    const sameRecords = await call(
      ada,
      'GET',
      `${DATABASE_ENDPOINTS.exportCsv.path}?ids=${ids.alpha},${ids.bravo},${ids.charlie}`,
    );
    expect(listCsv.text).toBe(sameRecords.text);
    const lines = listCsv.text.split('\n');
    expect(lines[0]).toBe(`${CSV_BOM}${EXTRACTION_CSV_COLUMNS.join(EXTRACTION_CSV_DELIMITER)}`);
    expect(lines[1]?.startsWith('bravo;')).toBe(true);
    expect(lines[1]).toContain(";'=cmd@x.com;");
    expect(lines[2]?.startsWith('alpha;')).toBe(true);
    expect(listCsv.text).not.toContain('delta');
    expect(listCsv.text).not.toContain('charlie');

    const empty = await createList(ada, 'Empty');
    const none = await call(ada, 'GET', `${DATABASE_ENDPOINTS.exportCsv.path}?list=${empty.id}`);
    expect(none.json).toEqual({ error: { code: 'NOT_FOUND', message: 'No data to export' } });
  });

  it('loses a record deleted or opted out from every list', async () => {
    const ada = newUserId('ada');
    const ids = await seed(ada, [['gone.shop'], ['optedout.shop'], ['stays.shop']]);
    const list = await createList(ada, 'Leads');
    await call(ada, 'POST', endpointPath(DATABASE_ENDPOINTS.leadListMembers, { listId: list.id }), {
      ids: Object.values(ids),
    });
    await call(ada, 'DELETE', `${DATABASE_ENDPOINTS.list.path}/${ids['gone.shop']}`);
    const keys = createOptOutKeys();
    await fixture.bus.publish(
      createEvent('optouts.confirmed', null, {
        usernameKey: keys.username('optedout.shop') as string,
        emailKey: null,
      }),
    );
    await vi.waitFor(async () => expect(await membersOf(ada, list.id)).toEqual(['stays.shop']), {
      timeout: 10_000,
    });
    expect(
      (await call(ada, 'GET', endpointPath(DATABASE_ENDPOINTS.leadList, { listId: list.id }))).json,
    ).toMatchObject({ memberCount: 1 });
  });

  it("removes a user's lists when their account is erased, and no one else's", async () => {
    const [ada, bob] = [newUserId('ada'), newUserId('bob')];
    for (const userId of [ada, bob]) {
      const ids = await seed(userId, [['alpha']]);
      const list = await createList(userId, 'Leads');
      await call(userId, 'POST', endpointPath(DATABASE_ENDPOINTS.leadListMembers, { listId: list.id }), {
        ids: [ids.alpha],
      });
    }
    await fixture.bus.publish(createEvent('accounts.erased', ada, {}));
    const countFor = async (userId: string) =>
      (
        await fixture.database
          .sql`select count(*)::int as count from database.lead_lists where user_id = ${userId}`
      )[0]?.count;
    await vi.waitFor(async () => expect(await countFor(ada)).toBe(0), { timeout: 10_000 });
    const [left] = await fixture.database.sql`
      select count(*)::int as members from database.lead_list_members m
      join database.lead_lists l on l.id = m.list_id where l.user_id = ${ada}`;
    expect(left?.members).toBe(0);
    expect(await countFor(bob)).toBe(1);
  });
});
