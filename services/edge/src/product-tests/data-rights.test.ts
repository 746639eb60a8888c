import {
  ACCOUNT_ENDPOINTS,
  BILLING_ENDPOINTS,
  DATABASE_ENDPOINTS,
  EXTRACTOR_PATHS,
  ONBOARDING_OPTIONS,
  OPT_OUT_CONFIRM_PARAM,
  OPT_OUT_CONFIRMED_MESSAGE,
  OPT_OUT_PATHS,
  optedOutMessage,
  SANDBOX_CHECKOUT_PATH,
  solveOptOutChallenge,
  TEAM_ENDPOINTS,
  V1_PATHS,
  ZCreditBalanceSchema,
  ZErrorBodySchema,
  ZKeywordSearchResponseSchema,
  ZOptOutChallengeSchema,
  ZOptOutRecordedSchema,
  ZOptOutRemovalsSchema,
  ZProfileSchema,
  ZRunListSchema,
} from '@prospector/contracts';
import postgres, { type Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startComposedApp, type TComposedApp } from '../testing/_composed-app.ts';
import { callV1, createApiKey } from './_public-api-client.ts';

/**
 * Data rights across every service, composed as `pnpm start` runs them: a public opt-out stops every later
 * extraction at once and, once the owner confirms (the link mailed to the profile's e-mail, or a code in
 * the bio), reaches every saved copy; an erased account leaves its id in no table of any schema.
 */
describe('data rights, every service composed', () => {
  let app: TComposedApp;
  let sql: Sql;

  beforeAll(async () => {
    app = await startComposedApp('data-rights');
    sql = postgres(app.databaseUrl, { max: 2, onnotice: () => {} });
  }, 120_000);
  afterAll(async () => {
    await sql?.end();
    await app?.stop();
  });

  interface TUser {
    cookie: string;
    userId: string;
  }

  async function signUp(): Promise<TUser> {
    const { email, cookie } = await app.signUp({ label: 'rights' });
    const [row] = await sql<Array<{ id: string }>>`select id from account."user" where email = ${email}`;
    const user = { cookie, userId: row?.id as string };
    await vi.waitFor(async () => expect((await credits(user)).balance).toBe(25), { timeout: 30_000 });
    return user;
  }

  const call = (user: TUser, path: string, init: RequestInit = {}) =>
    fetch(new URL(path, app.url), {
      ...init,
      headers: { cookie: user.cookie, origin: app.url, 'content-type': 'application/json' },
    });

  async function credits(user: TUser) {
    return ZCreditBalanceSchema.parse(await (await call(user, BILLING_ENDPOINTS.credits.path)).json());
  }

  async function extract(user: TUser, username: string) {
    const started = await call(user, EXTRACTOR_PATHS.runs, {
      method: 'POST',
      body: JSON.stringify({ usernames: [username], source: 'single' }),
    });
    expect(started.status).toBe(202);
    await vi.waitFor(
      async () => {
        const { runs } = ZRunListSchema.parse(await (await call(user, EXTRACTOR_PATHS.runs)).json());
        expect(runs.filter((run) => run.status === 'queued' || run.status === 'running')).toEqual([]);
        const saved =
          await sql`select 1 from database.extractions where user_id = ${user.userId} and instagram_username = ${username}`;
        expect(saved).toHaveLength(1);
      },
      { timeout: 30_000, interval: 200 },
    );
  }

  /** Buys a plan through the sandbox checkout and waits for the profile to show it. */
  async function subscribe(user: TUser, planId: 'package_1' | 'package_2') {
    const checkout = await call(user, BILLING_ENDPOINTS.checkout.path, {
      method: 'POST',
      body: JSON.stringify({ planId }),
    });
    expect(checkout.status).toBe(200);
    const { url } = (await checkout.json()) as { url: string };
    const sessionId = new URL(url, app.url).pathname.split('/').pop() as string;
    const paid = await fetch(new URL(`${SANDBOX_CHECKOUT_PATH}/${sessionId}/pay`, app.url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: user.cookie, origin: app.url },
    });
    expect(paid.status).toBe(303);
    await vi.waitFor(
      async () => {
        const profile = ZProfileSchema.parse(await (await call(user, ACCOUNT_ENDPOINTS.profile.path)).json());
        expect(profile).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: planId });
      },
      { timeout: 30_000, interval: 200 },
    );
  }

  async function search(user: TUser, keyword: string) {
    const response = await call(user, EXTRACTOR_PATHS.search, {
      method: 'POST',
      body: JSON.stringify({ keyword }),
    });
    expect(response.status).toBe(200);
    return ZKeywordSearchResponseSchema.parse(await response.json());
  }

  async function sendProven(path: string, username: string) {
    const challenge = ZOptOutChallengeSchema.parse(
      await (await fetch(new URL(OPT_OUT_PATHS.challenge, app.url))).json(),
    );
    const response = await fetch(new URL(path, app.url), {
      method: 'POST',
      headers: { origin: app.url, 'content-type': 'application/json' },
      body: JSON.stringify({
        username,
        challenge: challenge.challenge,
        nonce: await solveOptOutChallenge(challenge),
      }),
    });
    expect(response.status).toBe(202);
    return response.text();
  }
  const optOut = async (username: string) =>
    ZOptOutRecordedSchema.parse(JSON.parse(await sendProven(OPT_OUT_PATHS.optOut, username)));
  const post = (path: string, body: unknown) =>
    fetch(new URL(path, app.url), {
      method: 'POST',
      headers: { origin: app.url, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const refusedRun = async (user: TUser, username: string) => {
    const response = await call(user, EXTRACTOR_PATHS.runs, {
      method: 'POST',
      body: JSON.stringify({ usernames: [username], source: 'single' }),
    });
    expect(response.status).toBe(409);
    expect(ZErrorBodySchema.parse(await response.json()).error.message).toBe(optedOutMessage(username));
  };

  it('an opt-out refuses the account at once without charge and, confirmed by the mailed link, removes every saved copy', async () => {
    const [first, second, searcher] = [await signUp(), await signUp(), await signUp()];
    const found = (await search(searcher, 'coffee')).users;
    const target = found[0]?.username as string;
    expect(target).toBeTruthy();
    // The first customer has a webhook endpoint: the removal is told there, by the record's id only.
    const endpoint = await call(first, ACCOUNT_ENDPOINTS.webhooks.path, {
      method: 'PUT',
      body: JSON.stringify({ url: 'https://93.184.215.14/hooks' }),
    });
    expect(endpoint.status).toBe(200);
    await extract(first, target);
    await extract(second, target);
    const [held] = await sql<Array<{ id: string }>>`
      select id from database.extractions where instagram_username = ${target} and user_id = ${first.userId}`;
    expect(await sql`select 1 from extractor.provider_cache where username = ${target}`).not.toHaveLength(0);

    // Anyone may send it, in any form of the username, in any case: new extractions stop at once, for
    // free, but no customer's saved copy is touched until the owner confirms.
    const before = await credits(first);
    await optOut(`https://www.instagram.com/${target.toUpperCase()}/`);
    await vi.waitFor(() => refusedRun(first, target), { timeout: 10_000, interval: 200 });
    expect(await credits(first)).toEqual(before);
    const [saved] = await sql<Array<{ email: string | null }>>`
      select public_email as email from database.extractions where instagram_username = ${target} limit 1`;
    const mail = await vi.waitFor(
      async () => {
        const [found] = await sql<Array<{ to: string; text: string }>>`
          select "to", text from account.dev_mailbox where subject = ${`Confirm the opt-out of @${target}`}`;
        expect(found).toBeDefined();
        return found as { to: string; text: string };
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(mail.to).toBe(saved?.email?.toLowerCase());
    expect(await sql`select 1 from database.extractions where instagram_username = ${target}`).toHaveLength(
      2,
    );
    expect(
      await sql`select 1 from extractor.extraction_run_items where username = ${target} and profile is not null`,
    ).toHaveLength(2);

    // The link in the mail, and only a link made with the key, confirms it.
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? '');
    const token = link.searchParams.get(OPT_OUT_CONFIRM_PARAM) ?? '';
    expect(link.pathname).toBe('/opt-out');
    expect((await post(OPT_OUT_PATHS.confirm, { token: `${token.slice(0, -2)}xx` })).status).toBe(404);
    const confirmed = await post(OPT_OUT_PATHS.confirm, { token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ message: OPT_OUT_CONFIRMED_MESSAGE });

    await vi.waitFor(
      async () => {
        expect(
          await sql`select 1 from database.extractions where instagram_username = ${target}`,
        ).toHaveLength(0);
        const items = await sql<Array<{ profile: unknown; message: string }>>`
          select profile, message from extractor.extraction_run_items where username = ${target}`;
        expect(items).toHaveLength(2);
        for (const item of items) expect(item).toEqual({ profile: null, message: optedOutMessage(target) });
        expect(await sql`select 1 from extractor.provider_cache where username = ${target}`).toHaveLength(0);
      },
      { timeout: 15_000, interval: 200 },
    );
    await vi.waitFor(
      async () => {
        const told = await sql<Array<{ user_id: string; payload: { data: unknown } }>>`
          select user_id, payload from account.webhook_deliveries where event_type = 'extraction.opted_out'`;
        expect(told).toEqual([
          {
            user_id: first.userId,
            payload: expect.objectContaining({ data: { extractionIds: [held?.id] } }),
          },
        ]);
      },
      { timeout: 15_000, interval: 200 },
    );
    for (const user of [first, second]) {
      const removals = await call(user, DATABASE_ENDPOINTS.optOutRemovals.path);
      expect(ZOptOutRemovalsSchema.parse(await removals.json())).toEqual({ removed: 1 });
      const list = await (await call(user, `${DATABASE_ENDPOINTS.list.path}?search=${target}`)).text();
      expect(list).not.toContain(target);
      const csv = await (await call(user, DATABASE_ENDPOINTS.exportCsv.path)).text();
      expect(csv).not.toContain(target);
    }

    await refusedRun(first, target);
    expect(await credits(first)).toEqual(before);

    const after = await search(searcher, 'coffee');
    expect(after.users.map((user) => user.username)).not.toContain(target);
    // Counted with the hidden ones, and said apart so each of the page's notes is true.
    expect(after).toMatchObject({ hidden: 1, optedOut: 1 });

    const similar = await call(searcher, EXTRACTOR_PATHS.similar, {
      method: 'POST',
      body: JSON.stringify({ username: target }),
    });
    expect(similar.status).toBe(409);
    // What the audit trail keeps says what and how many, never whose.
    const audit = await sql`
      select * from marketing.audit_trail union all select * from database.audit_trail
      union all select * from extractor.audit_trail`;
    expect(audit.some((row) => row.action === 'opt-out')).toBe(true);
    expect(JSON.stringify(audit)).not.toContain(target);
  }, 120_000);

  it('an opt-out confirmed by the code in the bio removes the saved copies; a bio without it confirms nothing', async () => {
    const user = await signUp();
    // The sandbox's …biocode… accounts pass every bio check (README: sandbox notes); others never do.
    const target = `shop_biocode_${Date.now().toString(36)}`;
    const plain = `shop_plain_${Date.now().toString(36)}`;
    await extract(user, target);
    await extract(user, plain);

    const plainRequest = await optOut(plain);
    const missing = await post(OPT_OUT_PATHS.bioCheck, {
      requestId: plainRequest.requestId,
      username: plain,
    });
    expect(missing.status).toBe(409);
    expect(ZErrorBodySchema.parse(await missing.json()).error.message).toContain(`@${plain}`);
    const request = await optOut(`@${target}`);
    // Another account's name does not confirm this request.
    expect(
      (await post(OPT_OUT_PATHS.bioCheck, { requestId: request.requestId, username: plain })).status,
    ).toBe(404);
    const confirmed = await post(OPT_OUT_PATHS.bioCheck, { requestId: request.requestId, username: target });
    expect(confirmed.status).toBe(200);
    await vi.waitFor(
      async () => {
        expect(
          await sql`select 1 from database.extractions where instagram_username = ${target}`,
        ).toHaveLength(0);
        expect(
          await sql`select 1 from database.extractions where instagram_username = ${plain}`,
        ).toHaveLength(1);
      },
      { timeout: 15_000, interval: 200 },
    );
    await refusedRun(user, target);
    await refusedRun(user, plain);
  }, 120_000);

  it('"What do you hold about me?" is answered by mail to the e-mail on the profile, never on screen', async () => {
    const user = await signUp();
    const target = `shop_withemail_${Date.now().toString(36)}`;
    await extract(user, target);
    const [saved] = await sql<Array<{ email: string }>>`
      select public_email as email from database.extractions where instagram_username = ${target}`;
    expect(saved?.email).toBeTruthy();

    const held = await sendProven(OPT_OUT_PATHS.access, `@${target.toUpperCase()}`);
    const unknown = await sendProven(OPT_OUT_PATHS.access, 'nobody_holds_this_one');
    expect(held).toBe(unknown);
    expect(held).not.toContain(saved?.email as string);
    await vi.waitFor(
      async () => {
        const mail = await sql<Array<{ to: string; subject: string; text: string }>>`
          select "to", subject, text from account.dev_mailbox where subject like ${`%@${target}%`}`;
        expect(mail).toHaveLength(1);
        expect(mail[0]?.to).toBe(saved?.email);
        expect(mail[0]?.text).toContain('1 customer has a saved record of it');
        expect(mail[0]?.text).toContain('public e-mail');
      },
      { timeout: 15_000, interval: 200 },
    );
    // Both requests are audited as counts: one answer mailed, and none for the account nobody holds.
    await vi.waitFor(
      async () => {
        const audit = await sql`select records from database.audit_trail where action = 'access-request'`;
        expect(audit.map((row) => row.records).sort()).toEqual([0, 1]);
      },
      { timeout: 10_000, interval: 200 },
    );
  }, 120_000);

  it('an erased account leaves its id, its e-mail and its results in no column of any table', async () => {
    const user = await signUp();
    const [{ email } = { email: '' }] = await sql<Array<{ email: string }>>`
      select email from account."user" where id = ${user.userId}`;
    // A webhook endpoint, so the run's end leaves a delivery in the account schema too.
    const endpoint = await call(user, ACCOUNT_ENDPOINTS.webhooks.path, {
      method: 'PUT',
      body: JSON.stringify({ url: 'https://93.184.215.14/hooks' }),
    });
    expect(endpoint.status).toBe(200);
    const [target] = (await search(user, 'travel')).users.map((found) => found.username);
    if (!target) throw new Error('the search found no account');
    await extract(user, target);
    // A record removed by its owner's confirmed opt-out (a sandbox …biocode… account confirms by its
    // bio), which the user's figures count on.
    const removed = `travel_biocode_${Date.now().toString(36)}`;
    await extract(user, removed);
    const request = await optOut(removed);
    const confirmed = await post(OPT_OUT_PATHS.bioCheck, { requestId: request.requestId, username: removed });
    expect(confirmed.status).toBe(200);
    await vi.waitFor(
      async () => {
        const removals = await call(user, DATABASE_ENDPOINTS.optOutRemovals.path);
        expect(ZOptOutRemovalsSchema.parse(await removals.json())).toEqual({ removed: 1 });
      },
      { timeout: 15_000, interval: 200 },
    );
    // The onboarding answers, a lead list, a password-reset request, a plan bought and then replaced.
    const answered = await call(user, ACCOUNT_ENDPOINTS.completeOnboarding.path, {
      method: 'POST',
      body: JSON.stringify(firstOnboardingAnswers()),
    });
    expect(answered.status, await answered.text()).toBe(200);
    const list = await call(user, DATABASE_ENDPOINTS.createLeadList.path, {
      method: 'POST',
      body: JSON.stringify({ name: 'To erase' }),
    });
    expect(list.status).toBe(201);
    // An invitation the user sent from their workspace (an invitation names its inviter).
    const invited = await call(user, TEAM_ENDPOINTS.invite.path, {
      method: 'POST',
      body: JSON.stringify({ email: `colleague-${Date.now().toString(36)}@example.com`, role: 'member' }),
    });
    expect(invited.status, await invited.text()).toBe(201);
    // A monthly credit limit the user set on themselves as their workspace's owner (a limit names its member).
    const limited = await call(
      user,
      BILLING_ENDPOINTS.setMemberLimit.path.replace(':memberId', user.userId),
      {
        method: 'PUT',
        body: JSON.stringify({ monthlyLimit: 1000 }),
      },
    );
    expect(limited.status, await limited.text()).toBe(200);
    const reset = await call(user, '/api/auth/request-password-reset', {
      method: 'POST',
      body: JSON.stringify({ email, redirectTo: '/reset-password' }),
    });
    expect(reset.status).toBe(200);
    await subscribe(user, 'package_1');
    await subscribe(user, 'package_2');
    // A run started through the public API with an Idempotency-Key, which the extractor keeps a day.
    const key = await createApiKey(app.url, user, 'CRM');
    const byApi = await callV1(app.url, key.secret, 'POST', V1_PATHS.runs, {
      body: { usernames: [`${target.slice(0, 20)}_withemail`] },
      headers: { 'idempotency-key': `erasure-${user.userId}` },
    });
    expect(byApi.status, byApi.text).toBe(202);
    await vi.waitFor(
      async () => {
        const [row] = await sql<Array<{ count: number }>>`
          select count(*)::int as count from account.webhook_deliveries where user_id = ${user.userId}`;
        expect(row?.count).toBeGreaterThanOrEqual(1);
        const { runs } = ZRunListSchema.parse(await (await call(user, EXTRACTOR_PATHS.runs)).json());
        expect(runs.filter((run) => run.status === 'queued' || run.status === 'running')).toEqual([]);
      },
      { timeout: 30_000 },
    );
    // The user's results: their runs, the runs' per-account items, their saved records.
    const results = await sql<Array<{ id: string }>>`
      select id::text from extractor.extraction_runs where user_id = ${user.userId}
      union all select i.id::text from extractor.extraction_run_items i
        join extractor.extraction_runs r on r.id = i.run_id where r.user_id = ${user.userId}
      union all select id::text from database.extractions where user_id = ${user.userId}`;
    expect(results.length).toBeGreaterThanOrEqual(5);
    const traces = [user.userId, email, ...results.map((row) => row.id)];

    const columns = await traceColumns(sql);
    const tables = new Set(columns.map(({ schema, table }) => `${schema}.${table}`));
    for (const schema of ['account', 'billing', 'extractor', 'database', 'marketing'])
      expect([...tables].some((table) => table.startsWith(`${schema}.`))).toBe(true);
    expect(tables.size).toBeGreaterThan(15);
    // Before the erasure, every table with a column named for a user or an e-mail holds this user
    // (else the scan below proves nothing about it): a table a service adds later fails here until
    // this test gives it a row, or says below why it never holds one.
    const holdingBefore = new Set((await columnsHolding(sql, columns, traces)).map(tableOf));
    const unproven = [...new Set(columns.filter(namedForAUser).map(tableOf))]
      .filter((table) => !holdingBefore.has(table) && !(table in NEVER_HOLDS_THIS_USER))
      .sort();
    expect(unproven).toEqual([]);

    const erased = await call(user, '/api/account/me', { method: 'DELETE' });
    expect(erased.status).toBe(204);

    await vi.waitFor(
      async () => {
        expect((await columnsHolding(sql, columns, traces)).map(columnOf)).toEqual([]);
      },
      { timeout: 20_000, interval: 500 },
    );
    // Each service recorded its erasure, as a count.
    const erasures = await sql<Array<{ scope: string }>>`
      select scope from account.audit_trail where action = 'erasure'
      union all select scope from billing.audit_trail where action = 'erasure'
      union all select scope from extractor.audit_trail where action = 'erasure'
      union all select scope from database.audit_trail where action = 'erasure'`;
    expect(new Set(erasures.map((row) => row.scope))).toEqual(
      new Set(['accounts', 'ledger rows', 'runs', 'saved records']),
    );
  }, 120_000);
});

interface TColumn {
  schema: string;
  table: string;
  column: string;
}
const tableOf = ({ schema, table }: TColumn) => `${schema}.${table}`;
const columnOf = (column: TColumn) => `${tableOf(column)}.${column.column}`;

/**
 * Every column of every table (PostgreSQL's own schemas aside) whose type can hold a user id or an
 * e-mail, by its type: texts, uuids, JSON, arrays and extension types (citext) — so a column or table a
 * service adds later is scanned without anyone listing it.
 */
const traceColumns = (sql: Sql) => sql<TColumn[]>`
  select c.table_schema as schema, c.table_name as table, c.column_name as column
  from information_schema.columns c
  join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
  where t.table_type = 'BASE TABLE'
    and c.table_schema not in ('pg_catalog', 'information_schema') and c.table_schema not like 'pg\_%'
    and c.data_type in ('text', 'character varying', 'character', 'uuid', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')
  order by 1, 2, 3`;

/** The columns in which any of `traces` appears, whole or inside a longer value, in any case. */
async function columnsHolding(sql: Sql, columns: TColumn[], traces: string[]): Promise<TColumn[]> {
  const patterns = traces.map((trace) => `%${trace.replace(/[\\%_]/g, '\\$&')}%`);
  const holding = await Promise.all(
    columns.map(async (column) => {
      const [row] = await sql<Array<{ found: boolean }>>`
        select exists (
          select 1 from ${sql(column.schema)}.${sql(column.table)}
          where ${sql(column.column)}::text ilike any(${patterns})
        ) as found`;
      return row?.found ? [column] : [];
    }),
  );
  return holding.flat();
}

/** A column whose name says it holds a user or an address: `user_id`, `userId`, `owner_id`, `email`, `to`… */
const namedForAUser = ({ column }: TColumn) =>
  /(^|_)(user|owner|member|customer|actor|subject|recipient)(_?id)?$|user_?id$|e_?mail(_key)?$|^(to|identifier)$/i.test(
    column,
  );

/** The first choice of every onboarding step. */
const firstOnboardingAnswers = () =>
  Object.fromEntries(
    Object.entries(ONBOARDING_OPTIONS).map(([step, options]) => [
      step,
      step === 'marketingGoals' || step === 'currentTools' ? [options[0]] : options[0],
    ]),
  );

/** Tables with such a column that the erasure journey above cannot give a row of this user, and why. */
const NEVER_HOLDS_THIS_USER: Record<string, string> = {
  'database.opt_outs': 'keyed hashes of opted-out Instagram accounts (`email_key`), never a customer',
  'extractor.opt_outs': 'keyed hashes of opted-out Instagram accounts (`email_key`), never a customer',
  'marketing.opt_outs': 'keyed hashes of opted-out Instagram accounts (`email_key`), never a customer',
  'extractor.extraction_run_lanes':
    'a run’s lanes while it runs (`owner_id`): its end removes them, and erasing its run removes them too',
  'marketing.opt_out_requests':
    'keyed hashes of the account a request names (`email_key`) and its bio code, never a customer',
};
