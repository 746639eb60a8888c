import { createMemoryBus } from '@prospector/bus';
import { loadEnv } from '@prospector/config';
import { extractionChargeReference, type TRun, type TRunDetail } from '@prospector/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunsFixture, type TRunsFixture } from '../_factories.ts';
import { websiteEnvShape } from '../env.ts';
import { html, startFakeSite, type TFakeSite, text } from '../websites/http/_fake-site.ts';
import { createNetworkPageSource } from '../websites/websites-config.ts';

/**
 * The run path end to end: a profile without an e-mail whose website (a real local HTTP server)
 * holds one is an e-mail found, charged one credit like any other, with the page as its provenance.
 */
describe('e-mails found on linked websites, in a run', () => {
  let fixture: TRunsFixture;
  let site: TFakeSite;

  beforeAll(async () => {
    site = await startFakeSite({
      '/robots.txt': text('User-agent: *\nAllow: /\n'),
      '/': html('<nav><a href="/about">About</a> <a href="/contact">Contact us</a></nav><p>Ceramics.</p>'),
      '/about': html('<p>Two potters.</p>'),
      '/contact': html('<p>Orders: <a href="mailto:orders@potters-site.com">orders@potters-site.com</a></p>'),
    });
    const env = loadEnv('test', websiteEnvShape, { WEBSITE_ALLOW_PRIVATE_HOSTS: '127.0.0.1' });
    fixture = await createRunsFixture({
      bus: createMemoryBus(),
      externalUrlOf: (username) => (username.includes('site') ? `${site.origin}/` : null),
      websites: {
        env,
        pagesOf: (database) => createNetworkPageSource(env, database, { hostIntervalMs: 10 }),
      },
    });
  });

  afterAll(async () => {
    await fixture?.close();
    await site?.close();
  });

  it('charges one credit for an address read on the contact page and records the page', async () => {
    const userId = await fixture.createUser();
    const run = await fixture.startRun(userId, ['nomail_site', 'nomail_plain', 'mail_site']);
    expect(run.websites).toBe(true);
    const detail = await fixture.waitForRun(userId, run.id);

    const byName = new Map(detail.items.map((item) => [item.username, item]));
    const fromSite = byName.get('nomail_site');
    expect(fromSite).toMatchObject({ outcome: 'email_found', creditsUsed: 1, message: null });
    expect(fromSite?.profile?.public_email).toBe('orders@potters-site.com');
    expect(fromSite?.profile?.email_provenance).toEqual({
      provider: 'sandbox',
      field: 'website',
      fetchedAt: expect.any(String),
      sourceUrl: `${site.origin}/contact`,
    });
    expect(byName.get('nomail_plain')).toMatchObject({ outcome: 'no_email', creditsUsed: 0 });
    // A profile that shows its own e-mail is never looked up on its site.
    expect(byName.get('mail_site')?.profile?.email_provenance?.field).toBe('public_email');
    expect(detail).toMatchObject({ emailsFound: 2, creditsUsed: 2 });

    const item = fromSite as TRunDetail['items'][number];
    expect(await fixture.captures(userId)).toContainEqual({
      reference: extractionChargeReference(run.id, item.id, 'nomail_site'),
      amount: -1,
    });
    expect((await fixture.captures(userId)).length).toBe(2);
    expect((await fixture.balance(userId)).balance).toBe(23);

    // The database service is told, with the page.
    await expect
      .poll(() => fixture.recorded.find((recorded) => recorded.itemId === item.id), { timeout: 10_000 })
      .toMatchObject({
        emailFound: true,
        creditsUsed: 1,
        extractionData: {
          public_email: 'orders@potters-site.com',
          email_provenance: { field: 'website', sourceUrl: `${site.origin}/contact` },
        },
      });
  });

  it('leaves websites alone in a run started without them', async () => {
    const userId = await fixture.createUser();
    const visitsBefore = site.seen.length;
    const response = await fixture.request('/api/extractor/runs', userId, {
      method: 'POST',
      body: JSON.stringify({ usernames: ['nomail_site_two'], source: 'single', websites: false }),
    });
    expect(response.status).toBe(202);
    const { run } = (await response.json()) as { run: TRun };
    expect(run.websites).toBe(false);
    const detail = await fixture.waitForRun(userId, run.id);
    expect(detail.items[0]).toMatchObject({ outcome: 'no_email', creditsUsed: 0 });
    expect(site.seen.length).toBe(visitsBefore);
    expect(await fixture.captures(userId)).toEqual([]);

    const bad = await fixture.request('/api/extractor/runs', userId, {
      method: 'POST',
      body: JSON.stringify({ usernames: ['nomail_x'], source: 'single', websites: 'yes' }),
    });
    expect(bad.status).toBe(400);
  });
});
