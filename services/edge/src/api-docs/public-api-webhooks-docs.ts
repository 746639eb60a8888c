import {
  type TWebhookEventType,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_PAYLOAD_SCHEMAS,
} from '@prospector/contracts';
import { z } from 'zod';
import { codeBlock, escapeHtml, type TJsonSchema } from './api-docs-page.ts';
import { exampleOf } from './schema-example.ts';

/** Verifying a delivery with the Standard Webhooks library, as a receiver in Node would. */
export const WEBHOOK_VERIFY_SNIPPET = `// npm install standardwebhooks
import { Webhook } from 'standardwebhooks';
import express from 'express';

const WEBHOOK_SECRET = 'whsec_…'; // from Settings → Webhooks; keep it with your other secrets
const webhook = new Webhook(WEBHOOK_SECRET);

const app = express();
app.post('/webhooks/prospector', express.text({ type: 'application/json' }), (req, res) => {
  let event;
  try {
    // The raw body as received, and the webhook-id, webhook-timestamp and webhook-signature headers.
    event = webhook.verify(req.body, req.headers);
  } catch {
    return res.status(400).end(); // not from Prospector, altered, or older than five minutes
  }
  // Deliveries are retried until you answer 2xx: skip a webhook-id you have already handled.
  if (event.type === 'run.completed') console.log('run finished', event.data.run.id);
  res.status(204).end();
});
app.listen(3001);`;

/** One event type's request body as the receiver gets it, made from its payload schema. */
export const webhookExampleOf = (type: TWebhookEventType) =>
  exampleOf(z.toJSONSchema(WEBHOOK_PAYLOAD_SCHEMAS[type], { io: 'output' }) as TJsonSchema);

const examplesHtml = WEBHOOK_EVENT_TYPES.map(
  (type) =>
    `<h4 id="webhook-${escapeHtml(type)}"><code>${escapeHtml(type)}</code></h4>${codeBlock(
      JSON.stringify(webhookExampleOf(type), null, 2),
    )}`,
).join('');

/**
 * The webhooks part of the public API reference at /docs/api (docs/architecture.md §16): the events,
 * the headers, retries, and how to verify a delivery's signature (Standard Webhooks).
 */
export const WEBHOOKS_DOCS_HTML = `<h2 id="webhooks">Webhooks</h2>
<p>Set one endpoint in <a href="/dashboard/settings?tab=webhooks">Settings → Webhooks</a> and Prospector posts these events to it as JSON:</p>
<table><thead><tr><th>event</th><th>when</th></tr></thead><tbody>${WEBHOOK_EVENT_TYPES.map(
  (type) => `<tr><td><code>${type}</code></td><td>${escapeHtml(WEBHOOK_EVENT_DESCRIPTIONS[type])}</td></tr>`,
).join('')}</tbody></table>
<p>Each body is <code>{ type, timestamp, data }</code>, <code>data</code> as the event's schema says (the OpenAPI document's <code>webhooks</code> section has each one):</p>
${examplesHtml}
<p>Every delivery is signed per the Standard Webhooks specification (standardwebhooks.com), with three headers: <code>webhook-id</code> (the same on every retry of one message: use it to skip duplicates), <code>webhook-timestamp</code> (seconds since 1970) and <code>webhook-signature</code>. An answer other than 2xx within 10 seconds is retried after 5 seconds, then twice as long each time (at most 4 hours apart) for 24 hours; the delivery log in Settings shows each message with its last answer and a Resend button. Only <code>https</code> endpoints on public addresses are accepted.</p>
<h3 id="webhooks-verify">Verifying a signature</h3>
<p>With the <code>standardwebhooks</code> package (also published for Python, Go, Ruby, PHP, Java and more), given the endpoint's secret:</p>
${codeBlock(WEBHOOK_VERIFY_SNIPPET)}
<p>Without a library: the signed content is <code>{webhook-id}.{webhook-timestamp}.{body}</code> (the raw body, byte for byte); the key is the secret after <code>whsec_</code>, base64-decoded; the signature is the base64 HMAC-SHA256 of the content with that key, sent as <code>v1,{signature}</code> (several, space-separated, after a secret is rotated). Compare in constant time, and refuse a timestamp more than five minutes from your clock.</p>`;
