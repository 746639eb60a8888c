import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_PAYLOAD_SCHEMAS, ZWebhookPayloadSchema } from '@prospector/contracts';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from './api-docs-page.ts';
import { buildPublicApiDocument } from './public-api-docs.ts';
import { WEBHOOKS_DOCS_HTML, webhookExampleOf } from './public-api-webhooks-docs.ts';

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

  it('shows each event’s body as made from its payload schema, which that schema accepts', () => {
    for (const type of WEBHOOK_EVENT_TYPES) {
      const example = webhookExampleOf(type);
      expect(WEBHOOK_PAYLOAD_SCHEMAS[type].strict().parse(example)).toMatchObject({ type });
      expect(ZWebhookPayloadSchema.parse(example)).toEqual(example);
      expect(WEBHOOKS_DOCS_HTML).toContain(escapeHtml(JSON.stringify(example, null, 2)));
    }
  });

  it('describes every event’s payload in the OpenAPI document’s webhooks section', () => {
    const document = buildPublicApiDocument() as unknown as {
      webhooks: Record<
        string,
        { post: { requestBody: { content: Record<string, { schema: { $ref: string } }> } } }
      >;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    expect(Object.keys(document.webhooks)).toEqual([...WEBHOOK_EVENT_TYPES]);
    for (const type of WEBHOOK_EVENT_TYPES) {
      const ref = document.webhooks[type]?.post.requestBody.content['application/json']?.schema.$ref ?? '';
      const schema = document.components.schemas[ref.replace('#/components/schemas/', '')];
      expect(Object.keys(schema?.properties ?? {})).toEqual(['type', 'timestamp', 'data']);
      expect(schema?.properties.data).not.toEqual({});
    }
  });

  it('describes the signature truly: a Standard Webhooks signature verifies by the written steps', () => {
    expect(verifyAsDocumented(secret, headers, body)).toBe(true);
    expect(verifyAsDocumented(secret, headers, `${body} `)).toBe(false);
    expect(verifyAsDocumented(secret, { ...headers, 'webhook-id': 'msg_other' }, body)).toBe(false);
    // And the library's own verifier, as the snippet uses it, accepts what was signed.
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ type: 'run.completed' });
  });
});
