import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_EVENT_TYPES } from '@prospector/contracts';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { WEBHOOKS_DOCS_HTML } from './public-api-webhooks-docs.ts';

/** The reference's "without a library" paragraph, followed step by step. */
function verifyAsDocumented(secret: string, headers: Record<string, string>, body: string): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const content = `${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`;
  const expected = Buffer.from(createHmac('sha256', key).update(content).digest('base64'));
  return (headers['webhook-signature'] ?? '').split(' ').some((entry) => {
    const [version, signature = ''] = entry.split(',');
    const given = Buffer.from(signature);
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

describe('the webhooks section of /docs/api', () => {
  const secret = `whsec_${Buffer.from('a secret of thirty-two bytes!!!!').toString('base64')}`;
  const body = JSON.stringify({ type: 'run.completed', timestamp: new Date().toISOString(), data: {} });
  const at = new Date();
  const headers = {
    'webhook-id': 'msg_2q1',
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign('msg_2q1', at, body),
  };

  it('lists every event and shows the verification snippet', () => {
    for (const type of WEBHOOK_EVENT_TYPES) expect(WEBHOOKS_DOCS_HTML).toContain(`<code>${type}</code>`);
    expect(WEBHOOKS_DOCS_HTML).toContain('id="webhooks-verify"');
    expect(WEBHOOKS_DOCS_HTML).toContain('webhook.verify(req.body, req.headers)');
  });

  it('describes the signature truly: a Standard Webhooks signature verifies by the written steps', () => {
    expect(verifyAsDocumented(secret, headers, body)).toBe(true);
    expect(verifyAsDocumented(secret, headers, `${body} `)).toBe(false);
    expect(verifyAsDocumented(secret, { ...headers, 'webhook-id': 'msg_other' }, body)).toBe(false);
    // And the library's own verifier, as the snippet uses it, accepts what was signed.
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ type: 'run.completed' });
  });
});
