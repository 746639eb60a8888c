import type { TDevMail } from '@prospector/contracts';
import { stampClientIp } from '@prospector/service-kit';
import { describe, expect, it } from 'vitest';
import { signUpBody, uniqueEmail, useAccountHarness, waitFor } from '../../_factories.ts';

describe('dev mailbox', () => {
  const h = useAccountHarness({ smtp: false });

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

  it('answers only this machine: any other client address gets 404, whatever it claims', async () => {
    for (const address of ['127.0.0.1', '127.8.9.1', '::1', '::ffff:127.0.0.1']) {
      expect((await h.requestFrom(address, '/dev/mailbox.json')).status, address).toBe(200);
    }
    for (const address of ['203.0.113.5', '10.0.0.7', '::ffff:192.168.1.20', '2001:db8::1']) {
      for (const path of ['/dev/mailbox', '/dev/mailbox.json']) {
        expect((await h.requestFrom(address, path)).status, `${address} ${path}`).toBe(404);
      }
    }
    const claiming = await h.requestFrom('203.0.113.5', '/dev/mailbox.json', {
      headers: {
        'x-prospector-client-ip': '127.0.0.1',
        'x-forwarded-for': '127.0.0.1',
        'x-real-ip': '127.0.0.1',
      },
    });
    expect(claiming.status).toBe(404);
  });
});

describe('dev mailbox behind the edge', () => {
  const edgeSecret = 'a-secret-the-edge-shares-with-services';
  const h = useAccountHarness({ smtp: false, config: { edgeSecret } });

  const stamped = (address: string, secret = edgeSecret) => {
    const headers = new Headers();
    stampClientIp(headers, address, secret);
    return headers;
  };

  it("goes by the client address the edge stamped and signed, not the edge's own", async () => {
    const stampedBy = (address: string) => h.request('/dev/mailbox.json', { headers: stamped(address) });
    expect((await stampedBy('127.0.0.1')).status).toBe(200);
    expect((await stampedBy('198.51.100.23')).status).toBe(404);
  });

  it('ignores a stamped loopback address without a valid signature', async () => {
    const claims: Array<Headers | Record<string, string>> = [
      { 'x-prospector-client-ip': '127.0.0.1' },
      stamped('127.0.0.1', 'another-secret-than-the-edges-one'),
      { 'x-prospector-client-ip': '127.0.0.1', 'x-prospector-client-ip-signature': 'garbage' },
    ];
    for (const headers of claims) {
      expect((await h.requestFrom('203.0.113.5', '/dev/mailbox.json', { headers })).status).toBe(404);
    }
  });
});

describe('with SMTP_URL set', () => {
  const h = useAccountHarness({ smtp: true });

  it('has no dev mailbox', async () => {
    expect((await h.request('/dev/mailbox')).status).toBe(404);
    expect((await h.request('/dev/mailbox.json')).status).toBe(404);
  });
});
