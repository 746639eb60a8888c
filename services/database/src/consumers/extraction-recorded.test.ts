import { createMemoryBus, createNatsBus, type TEventBus } from '@prospector/bus';
import { natsUrlForTests, uniqueNamespace } from '@prospector/bus/testing';
import { AppError, DATABASE_RPC, type TExtractionPage } from '@prospector/contracts';
import { createLogger } from '@prospector/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerCreditsUsed,
  newUserId,
  recorded,
  recordedEvent,
  startServiceFixture,
  type TServiceFixture,
} from '../_factories.ts';
import { createExtractionLibrary } from '../extractions/extraction-library.ts';
import { handleExtractionRecorded } from './extraction-recorded.ts';

const natsUrl = natsUrlForTests('[database] extractions.recorded over NATS JetStream');

function defineSuite(createTestBus: () => Promise<TEventBus>) {
  let fixture: TServiceFixture;

  beforeAll(async () => {
    fixture = await startServiceFixture(await createTestBus());
    await answerCreditsUsed(fixture.bus, () => 1);
  });
  afterAll(async () => fixture.close());

  const listOf = async (userId: string) =>
    (await (await fixture.request('/api/database/extractions', { userId })).json()) as TExtractionPage;
  /** Hands `event` to the consumer's handler directly, as the bus would on its `deliveryCount`th delivery. */
  const handleDirectly = async (event: ReturnType<typeof recordedEvent>, deliveryCount = 1) => {
    const handle = handleExtractionRecorded(
      createExtractionLibrary(fixture.database),
      createLogger({}, 'silent'),
    );
    await handle({ subject: 'extractions.recorded', event, deliveryCount });
  };
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));

  it('stores a recorded extraction once, however often it arrives', async () => {
    const userId = newUserId('ada');
    const data = recorded('natgeo', { public_email: 'photo@natgeo.com', follower_count: 1_000 });
    const first = recordedEvent(userId, data);
    // A second envelope for the same run item (the extractor re-published after a crash)...
    const second = recordedEvent(userId, data);
    await fixture.bus.publish(first);
    await fixture.bus.publish(second);
    // ...and the same envelope again (dropped by the bus as a duplicate message id).
    await fixture.bus.publish(first);
    await expect.poll(async () => (await listOf(userId)).total, { timeout: 10_000 }).toBe(1);
    // A redelivery of the handled envelope, as after a lost acknowledgement.
    await handleDirectly(first, 2);
    const page = await listOf(userId);
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      username: 'natgeo',
      email: 'photo@natgeo.com',
      followerCount: 1_000,
    });
    expect(await fixture.request(`/api/database/stats`, { userId }).then((r) => r.json())).toEqual({
      totalExtractions: 1,
      withEmail: 1,
      creditsUsed: 1,
      successRate: 100,
    });
  });

  it('keeps one row per user and username when two runs record it: the newer wins, never fails', async () => {
    const userId = newUserId('race');
    await handleDirectly(recordedEvent(userId, recorded('nasa', { follower_count: 1 }), at(1)));
    await handleDirectly(recordedEvent(userId, recorded('nasa', { follower_count: 3 }), at(3)));
    // An older record arriving late does not overwrite the newer one.
    await handleDirectly(recordedEvent(userId, recorded('nasa', { follower_count: 2 }), at(2)));
    const page = await listOf(userId);
    expect(page.items.map((item) => [item.username, item.followerCount])).toEqual([['nasa', 3]]);
  });

  it('stores the other addresses and shows them in the detail; a newer record replaces them', async () => {
    const userId = newUserId('others');
    const detailOf = async () => {
      const [row] = (await listOf(userId)).items;
      const detail = (await (
        await fixture.request(`/api/database/extractions/${row?.id}`, { userId })
      ).json()) as {
        profile: { public_email: string | null; other_emails: string[] };
      };
      const [stored] = await fixture.database.sql<{ other_emails: string[] }[]>`
        select other_emails from database.extractions where id = ${row?.id ?? ''}`;
      return { profile: detail.profile, column: stored?.other_emails };
    };
    const booking = { public_email: 'booking@band.com', other_emails: ['press@band.com', 'mgmt@label.com'] };
    await handleDirectly(recordedEvent(userId, recorded('band', booking), at(1)));
    expect(await detailOf()).toEqual({
      profile: expect.objectContaining(booking),
      column: ['press@band.com', 'mgmt@label.com'],
    });
    await handleDirectly(
      recordedEvent(userId, recorded('band', { public_email: 'booking@band.com' }), at(2)),
    );
    expect(await detailOf()).toEqual({
      profile: expect.objectContaining({ public_email: 'booking@band.com', other_emails: [] }),
      column: [],
    });
  });

  it('acknowledges an event whose data cannot be stored instead of retrying it forever', async () => {
    const userId = newUserId('malformed');
    // Data the event's schema refuses: the bus logs and acknowledges it; the handler never sees it.
    await fixture.bus.publish({ ...recordedEvent(userId, recorded('x')), data: { username: 'x' } });
    // A username longer than any: the handler's own check drops it.
    await fixture.bus.publish(recordedEvent(userId, recorded('x'.repeat(65))));
    await expect
      .poll(
        async () =>
          (await fixture.bus.consumerLag()).find((lag) => lag.durable === 'database-extractions-recorded'),
        { timeout: 10_000 },
      )
      .toMatchObject({ pending: 0, ackPending: 0 });
    expect((await listOf(userId)).total).toBe(0);
  });

  it('caps and cleans oversized texts, whoever published them, and refuses an over-long username', async () => {
    const userId = newUserId('huge');
    const deliver = (data: ReturnType<typeof recorded>) => handleDirectly(recordedEvent(userId, data));
    await deliver(
      recorded('bulky', {
        full_name: `Bulky\u0000 ${'n'.repeat(5_000)}`,
        category: 'c'.repeat(5_000),
        external_url: `https://example.com/${'u'.repeat(5_000)}`,
        public_email: 'bulky@example.com',
        biography: `Line one\r\nline two\u0007 ${'b'.repeat(500_000)}`,
      }),
    );
    await deliver(recorded('x'.repeat(65), { public_email: 'long@example.com' }));
    const page = await listOf(userId);
    expect(page.items.map((item) => item.username)).toEqual(['bulky']);
    const detail = (await (
      await fixture.request(`/api/database/extractions/${page.items[0]?.id}`, { userId })
    ).json()) as { profile: Record<string, unknown> };
    expect(detail.profile).toMatchObject({
      full_name: `Bulky ${'n'.repeat(94)}`,
      category: 'c'.repeat(100),
      external_url: null,
      public_email: 'bulky@example.com',
      biography: `Line one\nline two ${'b'.repeat(500 - 'Line one\nline two '.length)}`,
    });
    const [row] = await fixture.database.sql<Array<{ size: number; biography: string; full_name: string }>>`
      select pg_column_size(extraction_data) as size, biography, full_name
      from database.extractions where user_id = ${userId}`;
    expect(row?.size).toBeLessThan(4_000);
    expect(row?.biography).toHaveLength(500);
    expect(row?.full_name).toHaveLength(100);
  });

  it('answers which usernames the user has saved; a deleted one can be extracted again', async () => {
    const userId = newUserId('rpc');
    const library = createExtractionLibrary(fixture.database);
    await library.record(userId, recorded('one'), new Date());
    await library.record(userId, recorded('two'), new Date());
    await library.record(newUserId('other'), recorded('three'), new Date());
    const ask = (usernames: string[]) => fixture.bus.request(DATABASE_RPC.extracted, { userId, usernames });
    expect(await ask(['three', 'two', 'one', 'four'])).toEqual({ extracted: ['two', 'one'] });
    expect(await ask([])).toEqual({ extracted: [] });
    const [one] = (await listOf(userId)).items.filter((item) => item.username === 'one');
    await fixture.request(`/api/database/extractions/${one?.id}`, { userId, method: 'DELETE' });
    expect(await ask(['one', 'two'])).toEqual({ extracted: ['two'] });
    const refused = fixture.bus.request(DATABASE_RPC.extracted, { usernames: ['one'] } as never);
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
}

describe('extractions.recorded and the extracted RPC (in-process bus)', () => {
  defineSuite(async () => createMemoryBus());
});

describe.skipIf(!natsUrl)('extractions.recorded and the extracted RPC (NATS JetStream)', () => {
  defineSuite(async () =>
    createNatsBus({ url: natsUrl as string, namespace: uniqueNamespace('database'), name: 'database-test' }),
  );
});
