import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a webhook receiver got: its headers and its raw body. */
export type TReceivedWebhook = { headers: IncomingHttpHeaders; body: string };

/**
 * A customer's webhook endpoint on this machine (the servers under test allow 127.0.0.1, see
 * E2E_WEBHOOKS): it keeps every request and answers 200.
 */
export async function startWebhookReceiver() {
  const received: TReceivedWebhook[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/prospector-hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The Standard Webhooks headers of a received request, as `Webhook.verify` takes them. */
export const signatureHeaders = (hook: TReceivedWebhook) => ({
  'webhook-id': String(hook.headers['webhook-id']),
  'webhook-timestamp': String(hook.headers['webhook-timestamp']),
  'webhook-signature': String(hook.headers['webhook-signature']),
});
