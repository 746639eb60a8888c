import type { TDevMail } from '@prospector/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUpBody,
  startAccountHarness,
  type TAccountHarness,
  uniqueEmail,
  waitFor,
} from '../../_factories.ts';

describe('dev mailbox', () => {
  let h: TAccountHarness;
  beforeAll(async () => {
    h = await startAccountHarness({ smtp: false });
  });
  afterAll(() => h.stop());

  it('lists mail sent without SMTP_URL, newest first, with clickable links', async () => {
    const first = uniqueEmail('mailbox');
    const second = uniqueEmail('mailbox');
    for (const email of [first, second]) {
      const response = await h.request('/api/auth/sign-up/email', {
        method: 'POST',
        json: signUpBody(email),
      });
      expect(response.status).toBe(200);
    }
    const mails = await waitFor(async () => {
      const list = (await (await h.request('/dev/mailbox.json')).json()) as TDevMail[];
      return list.length >= 2 ? list : undefined;
    });
    expect(mails.map((mail) => mail.to)).toEqual([second, first]);
    expect(mails[0]).toMatchObject({ subject: 'Confirm your Prospector account' });
    expect(mails[0]?.text).toContain('/api/auth/verify-email?token=');

    const page = await h.request('/dev/mailbox');
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain(second);
    expect(html).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/api\/auth\/verify-email\?token=[^"]+">/);
    expect(html.indexOf(second)).toBeLessThan(html.indexOf(first));
  });
});

describe('with SMTP_URL set', () => {
  let h: TAccountHarness;
  beforeAll(async () => {
    h = await startAccountHarness({ smtp: true });
  });
  afterAll(() => h.stop());

  it('has no dev mailbox', async () => {
    expect((await h.request('/dev/mailbox')).status).toBe(404);
    expect((await h.request('/dev/mailbox.json')).status).toBe(404);
  });
});
