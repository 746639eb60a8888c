import { createMemoryBus } from '@prospector/bus';
import { MAX_RUN_USERNAMES, TOP_PLAN_MAX_LISTED_ACCOUNTS, ZRunSchema } from '@prospector/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunsFixture, type TRunsFixture } from '../../_factories.ts';

const usernames = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, index) => `${prefix}${index}`);

/**
 * How large a run may be, per plan (`PLAN_LIMITS`): a typed batch takes 1,000 on every plan; a run
 * from a followers, following or hashtag list takes the plan's list size, 1,000, or 5,000 on the top
 * plan while it is active. Real billing and PostgreSQL: an allowed run holds its credits.
 */
describe('run sizes per plan (billing and PostgreSQL, in-process bus)', () => {
  let fixture: TRunsFixture;
  beforeAll(async () => {
    fixture = await createRunsFixture({ bus: createMemoryBus() });
  });
  afterAll(async () => fixture?.close());

  const start = (userId: string, body: { usernames: string[]; source: string }) =>
    fixture.request('/api/extractor/runs', userId, { method: 'POST', body: JSON.stringify(body) });
  const refusedWith = async (response: Response, max: number) => {
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: `A run takes at most ${max} usernames` },
    });
  };
  const cancel = (userId: string, runId: string) =>
    fixture.request(`/api/extractor/runs/${runId}/cancel`, userId, { method: 'POST' });

  it('holds a trial to 1,000 accounts, from a list too', async () => {
    const userId = await fixture.createUser('trial');
    await fixture.grant(userId, 2_000);
    await refusedWith(
      await start(userId, { usernames: usernames(MAX_RUN_USERNAMES + 1, 'fan'), source: 'followers' }),
      MAX_RUN_USERNAMES,
    );
    expect(await fixture.balance(userId)).toMatchObject({ held: 0 });
  });

  it('lets the top plan extract a list of 5,000 as one run, but not more, and a typed batch 1,000', async () => {
    const userId = await fixture.createUser('enterprise');
    fixture.access.set(userId, {
      subscriptionStatus: 'active',
      trialStartedAt: new Date().toISOString(),
      subscriptionPlan: 'package_3',
    });
    await fixture.grant(userId, 6_000);
    await refusedWith(
      await start(userId, { usernames: usernames(MAX_RUN_USERNAMES + 1, 'typed'), source: 'batch' }),
      MAX_RUN_USERNAMES,
    );
    await refusedWith(
      await start(userId, {
        usernames: usernames(TOP_PLAN_MAX_LISTED_ACCOUNTS + 1, 'poster'),
        source: 'hashtag',
      }),
      TOP_PLAN_MAX_LISTED_ACCOUNTS,
    );
    const started = await start(userId, {
      usernames: usernames(TOP_PLAN_MAX_LISTED_ACCOUNTS, 'fan'),
      source: 'followers',
    });
    expect(started.status, await started.clone().text()).toBe(202);
    const { run } = (await started.json()) as { run: unknown };
    const parsed = ZRunSchema.parse(run);
    expect(parsed).toMatchObject({ total: TOP_PLAN_MAX_LISTED_ACCOUNTS, source: 'followers' });
    expect((await fixture.balance(userId)).held).toBeGreaterThan(0);
    expect((await cancel(userId, parsed.id)).status).toBe(200);
  });
});
