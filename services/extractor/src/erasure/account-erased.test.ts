import { createMemoryBus } from '@prospector/bus';
import { createEvent, type TRun, ZRunDetailSchema } from '@prospector/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRunsFixture, signedInAs, type TRunsFixture } from '../_factories.ts';

describe('accounts.erased, with workspaces (docs/architecture.md §15, §17)', () => {
  let fixture: TRunsFixture;

  beforeAll(async () => {
    fixture = await createRunsFixture({ bus: createMemoryBus() });
  });

  afterAll(async () => {
    await fixture?.close();
  });

  const startAs = async (userId: string, workspaceId: string, usernames: string[]): Promise<TRun> => {
    const response = await fixture.request('/api/extractor/runs', undefined, {
      method: 'POST',
      headers: signedInAs(userId, workspaceId),
      body: JSON.stringify({ usernames, source: 'batch' }),
    });
    expect(response.status).toBe(202);
    return ((await response.json()) as { run: TRun }).run;
  };

  it("deletes the runs of the user's own workspace and keeps those they started in another, without their id", async () => {
    const owner = await fixture.createUser('owner');
    const leaver = await fixture.createUser('leaver');
    const personal = await startAs(leaver, leaver, ['mail_erase_own']);
    const shared = await startAs(leaver, owner, ['mail_erase_shared']);
    await fixture.waitForRun(leaver, personal.id);
    await fixture.waitForRun(owner, shared.id);

    await fixture.bus.publish(createEvent('accounts.erased', leaver, {}));
    // Every column of every row the extractor keeps (its outbox included) no longer holds the user's id.
    await vi.waitFor(
      async () => {
        const [left] = await fixture.extractorDb.sql<Array<{ rows: number }>>`
          select (
            (select count(*) from extractor.extraction_runs r where to_jsonb(r)::text like ${`%${leaver}%`})
            + (select count(*) from extractor.extraction_run_items i where to_jsonb(i)::text like ${`%${leaver}%`})
            + (select count(*) from extractor.extraction_run_lanes l where to_jsonb(l)::text like ${`%${leaver}%`})
            + (select count(*) from extractor.api_idempotency_keys k where to_jsonb(k)::text like ${`%${leaver}%`})
            + (select count(*) from extractor.outbox o where to_jsonb(o)::text like ${`%${leaver}%`})
          )::int as rows`;
        expect(left?.rows).toBe(0);
      },
      { timeout: 20_000, interval: 100 },
    );
    const runs = await fixture.extractorDb.sql<Array<{ id: string }>>`
      select id from extractor.extraction_runs where id in ${fixture.extractorDb.sql([personal.id, shared.id])}`;
    expect(runs.map((row) => row.id)).toEqual([shared.id]);
    // The workspace keeps the run and its results; it names a former member.
    const detail = ZRunDetailSchema.parse(
      await (await fixture.request(`/api/extractor/runs/${shared.id}`, owner)).json(),
    );
    expect(detail).toMatchObject({ status: 'completed', startedBy: null, emailsFound: 1 });
    expect(detail.items).toHaveLength(1);
  });
});
