import {
  addMonths,
  CSV_BOM,
  EXTRACTION_CSV_COLUMNS,
  EXTRACTION_CSV_DELIMITER,
  extractionCsvRow,
  readExtractionData,
  type TExtractionData,
  type TExtractionDetail,
  type TExtractionPage,
} from '@prospector/contracts';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserId, recorded, startServiceFixture, type TServiceFixture } from '../../_factories.ts';
import { typedColumnsBackfillSql } from '../../db/backfill.ts';
import { extractions } from '../../db/schema.ts';
import { containsPattern } from '../../extractions/extraction-filters.ts';
import { createExtractionLibrary } from '../../extractions/extraction-library.ts';

let fixture: TServiceFixture;
const T0 = Date.parse('2026-01-01T00:00:00.000Z');

/** Stores records for `userId`, the first oldest (one minute apart); returns their ids, newest first. */
async function seed(userId: string, profiles: Array<[string, Partial<TExtractionData>?]>, start = T0) {
  const library = createExtractionLibrary(fixture.database);
  for (const [index, [username, overrides]] of profiles.entries()) {
    await library.record(userId, recorded(username, overrides), new Date(start + index * 60_000));
  }
  const rows = await fixture.database.db
    .select({ id: extractions.id, username: extractions.instagramUsername })
    .from(extractions)
    .where(sql`${extractions.userId} = ${userId}`)
    .orderBy(sql`created_at desc, id desc`);
  return rows;
}

const list = async (userId: string, query = '') => {
  const response = await fixture.request(`/api/database/extractions${query ? `?${query}` : ''}`, { userId });
  expect(response.status).toBe(200);
  return (await response.json()) as TExtractionPage;
};
const usernames = async (userId: string, query = '') =>
  (await list(userId, query)).items.map((i) => i.username);

beforeAll(async () => {
  fixture = await startServiceFixture();
});
afterAll(async () => fixture.close());

describe('GET /api/database/extractions: filters', () => {
  const ada = newUserId('ada');
  beforeAll(async () => {
    await seed(ada, [
      [
        'alpha',
        {
          public_email: 'alpha@shop.com',
          follower_count: 50,
          following_count: 5,
          media_count: 1,
          category: 'Art',
          biography: 'Vegan chef in Rome',
          is_verified: true,
        },
      ],
      [
        'bravo',
        {
          public_email: null,
          follower_count: 500,
          following_count: 50,
          media_count: 10,
          category: 'Food',
          biography: 'Yoga teacher',
          is_private: true,
        },
      ],
      [
        'charlie',
        {
          public_email: 'hello@charlie.io',
          follower_count: 5_000,
          following_count: 500,
          media_count: 100,
          category: 'Food',
          biography: 'COACH and runner',
        },
      ],
      [
        'delta_50%',
        {
          public_email: null,
          follower_count: null,
          following_count: null,
          media_count: null,
          is_verified: null,
          is_private: null,
          biography: null,
        },
      ],
      [
        'echo',
        {
          public_email: 'echo@mail.com',
          follower_count: 50_000,
          following_count: 5,
          media_count: 1000,
          category: 'Travel',
          biography: 'travel photos',
          is_verified: true,
          is_private: true,
        },
      ],
    ]);
  });

  it('lists every record, newest first, with the typed fields', async () => {
    const page = await list(ada);
    expect(page).toMatchObject({ page: 1, pageSize: 25, total: 5, totalPages: 1 });
    expect(page.items.map((item) => item.username)).toEqual([
      'echo',
      'delta_50%',
      'charlie',
      'bravo',
      'alpha',
    ]);
    expect(page.items[0]).toEqual({
      id: expect.any(String),
      username: 'echo',
      fullName: 'echo Full',
      email: 'echo@mail.com',
      followerCount: 50_000,
      followingCount: 5,
      mediaCount: 1000,
      isVerified: true,
      isPrivate: true,
      category: 'Travel',
      biography: 'travel photos',
      emailStatus: null,
      emailRole: false,
      createdAt: new Date(T0 + 4 * 60_000).toISOString(),
      // Fetched when extracted: kept 12 months from then (RECORD_RETENTION_MONTHS' default).
      refreshedAt: new Date(T0 + 4 * 60_000).toISOString(),
      expiresAt: addMonths(new Date(T0 + 4 * 60_000), 12).toISOString(),
      // The member whose run extracted it: ada, in her personal workspace.
      extractedBy: ada,
    });
  });

  it.each([
    ['q=CHAR', ['charlie']],
    ['q=shop', ['alpha']],
    ['q=50%25', ['delta_50%']],
    ['q=_', ['delta_50%']],
    ['email=with', ['echo', 'charlie', 'alpha']],
    ['email=without', ['delta_50%', 'bravo']],
    ['followersMin=500', ['echo', 'charlie', 'bravo']],
    ['followersMax=500', ['bravo', 'alpha']],
    ['followersMin=500&followersMax=5000', ['charlie', 'bravo']],
    ['followingMin=50', ['charlie', 'bravo']],
    ['followingMax=5', ['echo', 'alpha']],
    ['mediaMin=100', ['echo', 'charlie']],
    ['mediaMax=1', ['alpha']],
    ['verified=yes', ['echo', 'alpha']],
    ['verified=no', ['delta_50%', 'charlie', 'bravo']],
    ['privacy=private', ['echo', 'bravo']],
    ['privacy=public', ['delta_50%', 'charlie', 'alpha']],
    ['category=Food', ['charlie', 'bravo']],
    ['category=Food&category=Travel', ['echo', 'charlie', 'bravo']],
    ['bio=coach', ['charlie']],
    ['bio=yoga%20vegan', ['bravo', 'alpha']],
    ['bio=ROME', ['alpha']],
    ['email=with&verified=yes&privacy=public', ['alpha']],
    ['category=Food&followersMin=1000&bio=runner', ['charlie']],
    ['q=a&email=without&privacy=private', ['bravo']],
    ['email=with&mediaMax=0', []],
    ['followersMin=&followersMax=', ['echo', 'delta_50%', 'charlie', 'bravo', 'alpha']],
  ])('%s', async (query, expected) => {
    expect(await usernames(ada, query)).toEqual(expected);
    expect((await list(ada, query)).total).toBe(expected.length);
  });

  it.each([
    'followersMin=-1',
    'followersMin=abc',
    'mediaMax=1.5',
    'email=some',
    'verified=maybe',
    'privacy=hidden',
    'page=0',
    'page=two',
    `q=${'x'.repeat(1001)}`,
    'q=a%00b',
    'bio=a%00',
    'category=Art%00',
  ])('refuses %s with 400', async (query) => {
    const response = await fixture.request(`/api/database/extractions?${query}`, { userId: ada });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('refuses a signed-out request', async () => {
    expect((await fixture.request('/api/database/extractions')).status).toBe(401);
  });

  it("lists the user's own distinct categories, sorted", async () => {
    await seed(newUserId('other'), [['zulu', { category: 'Zoology' }]]);
    const response = await fixture.request('/api/database/categories', { userId: ada });
    expect(await response.json()).toEqual({ categories: ['Art', 'Food', 'Travel'] });
  });
});

describe('GET /api/database/extractions: a search of one or two characters', () => {
  const user = newUserId('short');
  const profiles: Array<[string, string | null]> = [
    ['Ab_cd', 'Z9@x.io'],
    ['xyz', null],
    ['q%r', 'ÉCOLE@mail.fr'],
    ['école', 'a@b.co'],
    ['kk', 'Café_☕@cafe.it'],
    ['nine9', 'X_Y@Q.IO'],
  ];
  beforeAll(async () => {
    await seed(
      user,
      profiles.map(([username, email]) => [username, { public_email: email }]),
    );
    // Another user's rows match the same pieces and must stay out.
    await seed(newUserId('short-other'), [['ab_other', { public_email: 'z9@x.io' }]]);
  });

  it.each(['a', 'B', '_', '%', 'é', 'É', '☕', '9@', 'Z9', '.I', 'xy', 'kk', 'k', 'qq', 'é_', '@', 'zz'])(
    '%j finds exactly the rows whose username or e-mail contains it, as ILIKE does',
    async (q) => {
      const rule = await fixture.database.sql<{ username: string }[]>`
        select instagram_username as username from database.extractions
        where user_id = ${user}
          and (instagram_username ilike ${containsPattern(q)} or public_email ilike ${containsPattern(q)})
        order by created_at desc, id desc`;
      const page = await list(user, `q=${encodeURIComponent(q)}`);
      expect(page.items.map((item) => item.username)).toEqual(rule.map((row) => row.username));
      expect(page.total).toBe(rule.length);
    },
  );

  it('keeps finding rows changed after they were stored', async () => {
    const [row] = await seed(newUserId('short-edit'), [['plain', { public_email: null }]]);
    const owner = (
      await fixture.database.sql<{ user_id: string }[]>`
        update database.extractions set public_email = 'Qw@e.r' where id = ${row?.id ?? ''} returning user_id`
    )[0]?.user_id as string;
    expect(await usernames(owner, 'q=qw')).toEqual(['plain']);
    expect(await usernames(owner, 'q=la')).toEqual(['plain']);
    expect(await usernames(owner, 'q=zz')).toEqual([]);
  });
});

describe('GET /api/database/extractions: pages of 25', () => {
  it('serves "Page 1 of 1" with no items for a user with none', async () => {
    expect(await list(newUserId('empty'))).toEqual({
      items: [],
      page: 1,
      pageSize: 25,
      total: 0,
      totalPages: 1,
      retentionMonths: 12,
    });
    expect(await list(newUserId('empty'), 'page=3')).toMatchObject({ items: [], page: 1, totalPages: 1 });
  });

  it('splits an exact multiple of 25 into full pages and clamps a page beyond the last', async () => {
    const user = newUserId('fifty');
    const rows = await seed(
      user,
      Array.from({ length: 50 }, (_, i) => [`user${String(i).padStart(2, '0')}`] as [string]),
    );
    const first = await list(user);
    expect(first).toMatchObject({ page: 1, total: 50, totalPages: 2 });
    expect(first.items.map((item) => item.id)).toEqual(rows.slice(0, 25).map((row) => row.id));
    const second = await list(user, 'page=2');
    expect(second.items.map((item) => item.id)).toEqual(rows.slice(25).map((row) => row.id));
    const beyond = await list(user, 'page=9');
    expect(beyond).toMatchObject({ page: 2, totalPages: 2 });
    expect(beyond.items.map((item) => item.id)).toEqual(second.items.map((item) => item.id));
  });

  it('serves a short last page', async () => {
    const user = newUserId('twentysix');
    await seed(
      user,
      Array.from({ length: 26 }, (_, i) => [`u${i}`] as [string]),
    );
    const last = await list(user, 'page=2');
    expect(last).toMatchObject({ page: 2, total: 26, totalPages: 2 });
    expect(last.items.map((item) => item.username)).toEqual(['u0']);
  });

  it('keeps a stable order when records share a date', async () => {
    const user = newUserId('same');
    const library = createExtractionLibrary(fixture.database);
    for (let i = 0; i < 30; i++) await library.record(user, recorded(`same${i}`), new Date(T0));
    const ids = [...(await list(user)).items, ...(await list(user, 'page=2')).items].map((item) => item.id);
    expect(new Set(ids).size).toBe(30);
  });
});

describe('detail, own rows only, legacy records', () => {
  const owner = newUserId('owner');
  const intruder = newUserId('intruder');
  let ownerIds: string[] = [];

  beforeAll(async () => {
    const rows = await seed(owner, [
      [
        'kept',
        {
          public_email: 'kept@example.com',
          email_provenance: {
            provider: 'apify',
            field: 'business_email',
            fetchedAt: '2026-01-01T00:00:00.000Z',
          },
        },
      ],
      ['second', { public_email: 'second@example.com' }],
      ['third', { public_email: 'third@example.com' }],
    ]);
    ownerIds = rows.map((row) => row.id);
    await seed(intruder, [['mine', { public_email: 'mine@example.com' }]]);
  });

  it('shows the whole profile with the e-mail provenance', async () => {
    const id = ownerIds[2] as string;
    const response = await fixture.request(`/api/database/extractions/${id}`, { userId: owner });
    expect(response.status).toBe(200);
    const detail = (await response.json()) as TExtractionDetail;
    expect(detail).toMatchObject({
      id,
      username: 'kept',
      emailFound: true,
      creditsUsed: 1,
      emailSourceUrl: null,
      profile: {
        username: 'kept',
        full_name: 'kept Full',
        public_email: 'kept@example.com',
        email_provenance: {
          provider: 'apify',
          field: 'business_email',
          fetchedAt: '2026-01-01T00:00:00.000Z',
        },
      },
    });
  });

  it('stores and shows the page of a linked website an e-mail was read on', async () => {
    const user = newUserId('site');
    const sourceUrl = 'https://www.studionord.de/kontakt/';
    // Rows come newest first: the profile's own e-mail, then the one from the site.
    const [ownRow, siteRow] = await seed(user, [
      [
        'fromsite',
        {
          public_email: 'shop@studionord.de',
          email_provenance: {
            provider: 'apify',
            field: 'website',
            fetchedAt: '2026-01-02T00:00:00.000Z',
            sourceUrl,
          },
        },
      ],
      ['ownfield', { public_email: 'own@example.com' }],
    ]);
    const detailOf = async (id: string | undefined) =>
      (await (
        await fixture.request(`/api/database/extractions/${id}`, { userId: user })
      ).json()) as TExtractionDetail;
    expect(await detailOf(siteRow?.id)).toMatchObject({
      username: 'fromsite',
      emailSourceUrl: sourceUrl,
      profile: { email_provenance: { field: 'website', sourceUrl } },
    });
    expect(await detailOf(ownRow?.id)).toMatchObject({ username: 'ownfield', emailSourceUrl: null });
    const stored = await fixture.database.sql<Array<{ email_source_url: string | null }>>`
      select email_source_url from database.extractions where user_id = ${user} order by instagram_username`;
    expect(stored.map((row) => row.email_source_url)).toEqual([sourceUrl, null]);
  });

  it("answers 404 for another user's record, an unknown id and a malformed one, on read and delete", async () => {
    for (const path of [
      `/api/database/extractions/${ownerIds[0]}`,
      `/api/database/extractions/${crypto.randomUUID()}`,
      '/api/database/extractions/not-an-id',
    ]) {
      for (const method of ['GET', 'DELETE']) {
        const response = await fixture.request(path, { userId: intruder, method });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(await response.json()).toMatchObject({
          error: { code: 'NOT_FOUND', message: 'Extraction not found' },
        });
      }
    }
    expect((await list(owner)).total).toBe(3);
  });

  it("never exports another user's ids", async () => {
    const response = await fixture.request(`/api/database/extractions/export?ids=${ownerIds.join(',')}`, {
      userId: intruder,
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { message: 'No data to export' } });
  });

  it("deletes only the user's own ids and reports how many went", async () => {
    const theirs = (await list(intruder)).items.map((item) => item.id);
    const response = await fixture.request('/api/database/extractions/delete', {
      userId: intruder,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [...ownerIds, ...theirs] }),
    });
    expect(await response.json()).toEqual({ deleted: 1 });
    expect((await list(owner)).total).toBe(3);
    expect((await list(intruder)).total).toBe(0);
  });

  it('deletes one record, then several', async () => {
    const one = await fixture.request(`/api/database/extractions/${ownerIds[0]}`, {
      userId: owner,
      method: 'DELETE',
    });
    expect(await one.json()).toEqual({ deleted: 1 });
    const again = await fixture.request(`/api/database/extractions/${ownerIds[0]}`, {
      userId: owner,
      method: 'DELETE',
    });
    expect(again.status).toBe(404);
    const many = await fixture.request('/api/database/extractions/delete', {
      userId: owner,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ids: ownerIds }),
    });
    expect(await many.json()).toEqual({ deleted: 2 });
    expect((await list(owner)).total).toBe(0);
  });

  it.each([{}, { ids: [] }, { ids: ['nope'] }, { ids: 'x' }])(
    'refuses a delete body %j with 400',
    async (body) => {
      const response = await fixture.request('/api/database/extractions/delete', {
        userId: owner,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(400);
    },
  );

  it('displays and exports a record stored with the older keys', async () => {
    const user = newUserId('legacy');
    // Stored before the typed columns existed, then filled by the migration's backfill.
    await fixture.database.sql`
      insert into database.extractions (owner_key, user_id, instagram_username, email_found, credits_used, extraction_data)
      values (${user}, ${user}, 'oldie', true, 1, ${JSON.stringify({ followers: 12, following: '3', bio: 'old; "bio"', display_name: 'Old Timer', public_email: 'old@example.com' })}::jsonb)`;
    await fixture.database.sql.unsafe(typedColumnsBackfillSql());
    const [item] = (await list(user)).items;
    expect(item).toMatchObject({
      username: 'oldie',
      fullName: 'Old Timer',
      followerCount: 12,
      followingCount: 3,
      biography: 'old; "bio"',
    });
    const detail = (await (
      await fixture.request(`/api/database/extractions/${item?.id}`, { userId: user })
    ).json()) as TExtractionDetail;
    expect(detail.profile).toMatchObject({
      full_name: 'Old Timer',
      follower_count: 12,
      following_count: 3,
      biography: 'old; "bio"',
    });
    const csv = await (await fixture.request('/api/database/extractions/export', { userId: user })).text();
    expect(csv.split('\r\n')[1] ?? csv.split('\n')[1]).toMatch(
      /^oldie;Old Timer;12;3;;;;;;;;old@example.com;"old; ""bio""";/,
    );
  });
});

describe('GET /api/database/extractions/export', () => {
  const user = newUserId('exporter');
  let rows: Array<{ id: string; username: string }> = [];

  beforeAll(async () => {
    rows = await seed(user, [
      [
        'plain',
        {
          public_email: 'plain@example.com',
          full_name: 'Plain Person',
          follower_count: 1,
          following_count: 2,
          media_count: 3,
          is_verified: true,
          is_private: false,
          category: 'Art',
          country: 'Italy',
          date_joined: '2015-03',
          external_url: 'https://plain.example',
          biography: 'simple',
        },
      ],
      [
        'tricky',
        {
          public_email: 'tricky@example.com',
          full_name: '=HYPERLINK("http://evil")',
          biography: 'semi;colon "quoted"\nnew line',
          category: '+cat',
          external_url: '@at',
        },
      ],
      ['nomail', { public_email: null }],
      ['minus', { public_email: 'minus@example.com', full_name: '-2+3', biography: 'Crème brûlée ☕' }],
    ]);
  });

  const exportOf = (query = '') =>
    fixture.request(`/api/database/extractions/export${query ? `?${query}` : ''}`, { userId: user });

  it('streams a UTF-8 CSV with a BOM, the exact header, ";" separators, quoting and formula neutralisation', async () => {
    const response = await exportOf();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="instagram-extractions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    const date = (index: number) => new Date(T0 + index * 60_000).toISOString();
    expect(text.slice(1)).toBe(
      [
        EXTRACTION_CSV_COLUMNS.join(';'),
        `minus;'-2+3;100;10;5;false;false;;;;;minus@example.com;Crème brûlée ☕;${date(3)}`,
        `tricky;"'=HYPERLINK(""http://evil"")";100;10;5;false;false;'+cat;;;'@at;tricky@example.com;"semi;colon ""quoted""\nnew line";${date(1)}`,
        `plain;Plain Person;1;2;3;true;false;Art;Italy;2015-03;https://plain.example;plain@example.com;simple;${date(0)}`,
        '',
      ].join('\n'),
    );
  });

  it('exports only the selected ids, and only those with an e-mail', async () => {
    const ids = rows.filter((row) => row.username !== 'tricky').map((row) => row.id);
    const text = await (await exportOf(`ids=${ids.join(',')}`)).text();
    expect(
      text
        .split('\n')
        .slice(1, -1)
        .map((line) => line.split(';')[0]),
    ).toEqual(['minus', 'plain']);
  });

  it('applies the filters', async () => {
    const text = await (await exportOf('verified=yes&q=PLAIN')).text();
    expect(
      text
        .split('\n')
        .slice(1, -1)
        .map((line) => line.split(';')[0]),
    ).toEqual(['plain']);
  });

  it('answers 404 "No data to export" when no row with an e-mail matches', async () => {
    const nomail = rows.find((row) => row.username === 'nomail')?.id;
    for (const query of [`ids=${nomail}`, 'email=without', 'q=nothing-like-this']) {
      const response = await exportOf(query);
      expect(response.status, query).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No data to export' } });
    }
  });

  it('streams an export of many chunks whole and in order', async () => {
    const many = newUserId('many');
    const rowsCount = 2001;
    await fixture.database.sql`
      insert into database.extractions (owner_key, user_id, instagram_username, extraction_data, created_at, public_email)
      select ${many}, ${many}, 'bulk' || n, jsonb_build_object('public_email', 'bulk' || n || '@example.com'),
        timestamptz '2026-01-01' + make_interval(secs => n), 'bulk' || n || '@example.com'
      from generate_series(1, ${rowsCount}) as n`;
    const text = await (await fixture.request('/api/database/extractions/export', { userId: many })).text();
    const names = text
      .split('\n')
      .slice(1, -1)
      .map((line) => line.split(';')[0]);
    expect(names).toHaveLength(rowsCount);
    expect(names[0]).toBe(`bulk${rowsCount}`);
    expect(names.at(-1)).toBe('bulk1');
  });

  it('gives every connection back when clients read exports slowly or stop halfway', async () => {
    const many = newUserId('abandoned');
    await fixture.database.sql`
      insert into database.extractions (owner_key, user_id, instagram_username, extraction_data, public_email)
      select ${many}, ${many}, 'bulk' || n, '{}'::jsonb, 'bulk' || n || '@example.com'
      from generate_series(1, 20000) as n`;
    // More abandoned exports than the pool (4) has connections.
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await fixture.request('/api/database/extractions/export', { userId: many });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      expect((await reader.read()).done).toBe(false);
      if (attempt % 2 === 0) {
        await reader.cancel();
      } else {
        // The connection's socket is paused while nobody reads; the COPY may end meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 200));
        while (!(await reader.read()).done) {}
      }
    }
    expect((await list(many)).total).toBe(20000);
    const text = await (await fixture.request('/api/database/extractions/export', { userId: many })).text();
    expect(text.split('\n')).toHaveLength(20002);
  });

  it('refuses malformed ids with 400', async () => {
    expect((await exportOf('ids=abc')).status).toBe(400);
  });

  it("writes every cell as the contracts' extractionCsvRow through csv-stringify would", async () => {
    const owner = newUserId('oracle');
    const awkward = [
      'a;b',
      'say "hi"',
      'two\nlines',
      'cr\rhere',
      '\ttab',
      '-1',
      '+1',
      '=1',
      '@x',
      ' spaced ',
      '\\.',
      "o'neil\\",
      ' =1+1',
      '  +1',
      '\u200B=cmd',
      '\u200C\uFEFF@x',
      '\u00A0-1',
      '\u0085=1',
      '\u{E0041}=1',
      '\uFF1D1+1',
      '\uFF0B1',
      '\uFF0D1',
      '\uFF20sum',
      ' \u3000\uFE661',
      '\u200Bplain',
    ];
    const library = createExtractionLibrary(fixture.database);
    for (const [index, text] of awkward.entries()) {
      await library.record(
        owner,
        recorded(`user${index}`, {
          username: index % 2 === 0 ? text : `user${index}`,
          full_name: text,
          follower_count: index === 0 ? null : index * 1_000_003,
          following_count: index === 1 ? 2_147_483_647 : 0,
          media_count: index,
          is_verified: index % 3 === 0 ? null : index % 3 === 1,
          is_private: index % 2 === 0,
          category: text,
          country: text,
          date_joined: text,
          external_url: text,
          public_email: `${text}@example.com`,
          biography: `Crème ☕ ${text}`,
        }),
        new Date(T0 + index * 1_234),
      );
    }
    // Stored before the typed columns, with the older keys, values of the wrong type and a date with
    // microseconds; filled by the migration's backfill.
    await fixture.database.sql`
      insert into database.extractions (owner_key, user_id, instagram_username, extraction_data, created_at)
      values
        (${owner}, ${owner}, 'legacy1', ${JSON.stringify({ username: '', followers: '12', following: 3.7, bio: '=cmd\r\nnext\rline', display_name: '@me', country: 39, date_joined: '', public_email: 'l1@example.com' })}::jsonb, '2026-02-01 10:00:00.123999+00'),
        (${owner}, ${owner}, 'legacy2', ${JSON.stringify({ username: 'renamed', is_verified: 'yes', external_url: '+x', public_email: 'l2@example.com' })}::jsonb, '2026-02-01 10:00:00.000001+00')`;
    await fixture.database.sql.unsafe(typedColumnsBackfillSql());

    const stored = await fixture.database.sql<
      { instagram_username: string; extraction_data: Record<string, unknown>; created_at: string }[]
    >`
      select instagram_username, extraction_data, created_at from database.extractions
      where user_id = ${owner} order by created_at desc, id desc`;
    expect(stored).toHaveLength(awkward.length + 2);
    const expected = stringify(
      stored.map((row) =>
        extractionCsvRow(
          readExtractionData(row.extraction_data, row.instagram_username),
          new Date(row.created_at).toISOString(),
        ),
      ),
      { delimiter: EXTRACTION_CSV_DELIMITER, header: true, columns: [...EXTRACTION_CSV_COLUMNS], bom: true },
    );
    const response = await fixture.request('/api/database/extractions/export', { userId: owner });
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text).toBe(expected);
  });

  it('takes quotes and backslashes in the filters as text', async () => {
    const owner = newUserId('quotes');
    await seed(owner, [
      ["o'ne\\il", { public_email: 'q@example.com' }],
      ['plain', { public_email: 'p@example.com' }],
    ]);
    const exportAs = (query: string) =>
      fixture.request(`/api/database/extractions/export?${query}`, { userId: owner });
    const names = async (query: string) =>
      (await (await exportAs(query)).text())
        .split('\n')
        .slice(1, -1)
        .map((line) => line.split(';')[0]);
    expect(await names(`q=${encodeURIComponent("'ne\\")}`)).toEqual(["o'ne\\il"]);
    expect((await exportAs(`category=${encodeURIComponent("x') or true --")}`)).status).toBe(404);
  });
});
