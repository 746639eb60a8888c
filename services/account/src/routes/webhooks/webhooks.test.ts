import { createEvent, type TRun, type TWebhookDelivery, type TWebhookSettings } from '@prospector/contracts';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CookieJar,
  startAccountHarness,
  type TAccountHarness,
  uniqueEmail,
  waitFor,
} from '../../_factories.ts';
import { startWebhookReceiver } from '../../webhooks/_receiver.ts';
import { WEBHOOK_PRIVATE_ADDRESS_MESSAGE } from '../../webhooks/endpoint-url.ts';

const finishedRun = (status: TRun['status']): TRun => ({
  id: crypto.randomUUID(),
  source: 'batch',
  sourceDetail: null,
  firstUsernames: ['alpha', 'bravo', 'charlie'],
  status,
  total: 3,
  processed: 3,
  emailsFound: status === 'failed' ? 0 : 2,
  emailsUndeliverable: 0,
  errors: status === 'failed' ? 3 : 0,
  creditsUsed: status === 'failed' ? 0 : 2,
  skipped: [],
  inOtherRuns: [],
  currentUsername: null,
  cancelRequested: false,
  websites: true,
  createdAt: new Date(Date.now() - 60_000).toISOString(),
  finishedAt: new Date().toISOString(),
});

const captured = (balance: number) => ({
  amount: 1,
  balance,
  available: balance,
  reason: 'capture' as const,
  reference: null,
});

describe('/api/account/webhooks: endpoint, signed deliveries, retries and the log', () => {
  let h: TAccountHarness;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    h = await startAccountHarness({
      smtp: true,
      config: {
        webhooks: {
          allowance: ['127.0.0.1'],
          retryBaseMs: 150,
          pollMs: 100,
          timeoutMs: 3_000,
          leaseMs: 5_000,
        },
      },
    });
  });
  afterAll(async () => {
    await h.stop();
    await receiver.close();
  });

  const userIdOf = async (jar: CookieJar) =>
    ((await (await h.request('/api/account/profile', { jar })).json()) as { userId: string }).userId;
  const setEndpoint = async (jar: CookieJar, url: string) =>
    h.request('/api/account/webhooks', { method: 'PUT', jar, json: { url } });
  const deliveriesOf = async (jar: CookieJar) =>
    (
      (await (await h.request('/api/account/webhooks/deliveries', { jar })).json()) as {
        deliveries: TWebhookDelivery[];
      }
    ).deliveries;
  /** A user whose endpoint is the receiver. */
  const userWithEndpoint = async (label: string) => {
    const jar = await h.createVerifiedUser(uniqueEmail(label));
    const response = await setEndpoint(jar, receiver.url);
    expect(response.status).toBe(200);
    const { endpoint } = (await response.json()) as TWebhookSettings;
    return { jar, secret: endpoint?.secret ?? '', userId: await userIdOf(jar) };
  };

  it('refuses anyone without a session', async () => {
    expect((await h.request('/api/account/webhooks')).status).toBe(401);
  });

  it('sets an endpoint with a generated secret, rotates it and removes it', async () => {
    const jar = await h.createVerifiedUser(uniqueEmail('endpoint'));
    expect(await (await h.request('/api/account/webhooks', { jar })).json()).toEqual({ endpoint: null });
    const first = (await (await setEndpoint(jar, receiver.url)).json()) as TWebhookSettings;
    expect(first.endpoint?.url).toBe(receiver.url);
    expect(first.endpoint?.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // Changing the URL keeps the secret; rotating replaces it.
    const moved = (await (await setEndpoint(jar, `${receiver.url}/v2`)).json()) as TWebhookSettings;
    expect(moved.endpoint?.secret).toBe(first.endpoint?.secret);
    const rotated = (await (
      await h.request('/api/account/webhooks/secret', { method: 'POST', jar })
    ).json()) as TWebhookSettings;
    expect(rotated.endpoint?.secret).not.toBe(first.endpoint?.secret);
    expect((await h.request('/api/account/webhooks', { method: 'DELETE', jar })).status).toBe(204);
    expect(await (await h.request('/api/account/webhooks', { jar })).json()).toEqual({ endpoint: null });
    expect((await h.request('/api/account/webhooks/secret', { method: 'POST', jar })).status).toBe(404);
  });

  it('refuses private, loopback and link-local endpoints and malformed URLs with a readable message', async () => {
    const jar = await h.createVerifiedUser(uniqueEmail('ssrf'));
    for (const url of [
      'http://10.0.0.5/hooks',
      'http://127.0.0.2/hooks',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hooks',
      'http://[fe80::1]/hooks',
      'http://192.168.1.10/hooks',
    ]) {
      const response = await setEndpoint(jar, url);
      expect(response.status, url).toBe(400);
      expect(await response.json()).toEqual({
        error: { code: 'VALIDATION_FAILED', message: WEBHOOK_PRIVATE_ADDRESS_MESSAGE },
      });
    }
    for (const url of ['ftp://example.com/x', 'not a url', 'https://user:pass@example.com/']) {
      expect((await setEndpoint(jar, url)).status, url).toBe(400);
    }
    expect(await (await h.request('/api/account/webhooks', { jar })).json()).toEqual({ endpoint: null });
  });

  it('sends run.completed signed per Standard Webhooks, verified with the standardwebhooks verifier', async () => {
    const user = await userWithEndpoint('signed');
    const run = finishedRun('completed');
    const source = createEvent('extractions.run-finished', user.userId, { run });
    await h.bus.publish(source);
    const hook = await waitFor(() => receiver.received.find((r) => r.body.includes(run.id)));
    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.headers['webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
    const verified = new Webhook(user.secret).verify(hook.body, {
      'webhook-id': String(hook.headers['webhook-id']),
      'webhook-timestamp': String(hook.headers['webhook-timestamp']),
      'webhook-signature': String(hook.headers['webhook-signature']),
    });
    expect(verified).toEqual({ type: 'run.completed', timestamp: source.occurredAt, data: { run } });
    // Another secret does not verify it.
    const other = new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`);
    expect(() => other.verify(hook.body, hook.headers as Record<string, string>)).toThrow();

    const [delivery] = await waitFor(async () => {
      const list = await deliveriesOf(user.jar);
      return list[0]?.status === 'delivered' ? list : undefined;
    });
    expect(delivery).toMatchObject({
      id: hook.headers['webhook-id'],
      eventType: 'run.completed',
      status: 'delivered',
      attempts: 1,
      responseStatus: 200,
      error: null,
      nextAttemptAt: null,
    });
  });

  it('retries after a 500 with the same webhook-id and a fresh signature, and logs both attempts', async () => {
    const user = await userWithEndpoint('retry');
    receiver.answerNext(500);
    const run = finishedRun('failed');
    await h.bus.publish(createEvent('extractions.run-finished', user.userId, { run }));
    // The waiting state between the attempts is checked in delivery-worker.test.ts, where no timing decides it.
    const first = await waitFor(() => receiver.received.find((r) => r.body.includes(run.id)));
    expect(first.answered).toBe(500);
    const delivered = await waitFor(async () => {
      const [delivery] = await deliveriesOf(user.jar);
      return delivery?.status === 'delivered' ? delivery : undefined;
    });
    expect(delivered).toMatchObject({ attempts: 2, responseStatus: 200 });
    const hooks = receiver.received.filter((r) => r.body.includes(run.id));
    expect(hooks.map((hook) => hook.answered)).toEqual([500, 200]);
    expect(hooks[0]?.headers['webhook-id']).toBe(hooks[1]?.headers['webhook-id']);
    for (const hook of hooks) {
      expect(() =>
        new Webhook(user.secret).verify(hook.body, hook.headers as Record<string, string>),
      ).not.toThrow();
    }
  });

  it('fires credits.low once, when a capture crosses from above 10 to 10 or fewer', async () => {
    const user = await userWithEndpoint('low');
    const crossing = createEvent('credits.captured', user.userId, captured(10));
    for (const event of [
      createEvent('credits.captured', user.userId, captured(12)),
      createEvent('credits.captured', user.userId, captured(11)),
      crossing,
      createEvent('credits.captured', user.userId, captured(9)),
      createEvent('credits.held', user.userId, { ...captured(9), reason: 'hold' as const }),
    ]) {
      await h.bus.publish(event);
    }
    const [low] = await waitFor(async () => {
      const list = await deliveriesOf(user.jar);
      return list[0]?.status === 'delivered' ? list : undefined;
    });
    // Everything published above has been consumed once the events after the crossing are: give the
    // last ones a moment, then the log still holds one message.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const list = await deliveriesOf(user.jar);
    expect(list).toHaveLength(1);
    expect(low).toMatchObject({ eventType: 'credits.low' });
    const hooks = receiver.received.filter((r) => r.headers['webhook-id'] === low?.id);
    expect(hooks).toHaveLength(1);
    expect(JSON.parse(hooks[0]?.body ?? '{}')).toMatchObject({
      type: 'credits.low',
      data: { balance: 10, available: 10, threshold: 10 },
    });
  });

  it('resends a delivery with the same id; another user can neither see nor resend it', async () => {
    const user = await userWithEndpoint('resend');
    const run = finishedRun('completed');
    await h.bus.publish(createEvent('extractions.run-finished', user.userId, { run }));
    const [first] = await waitFor(async () => {
      const list = await deliveriesOf(user.jar);
      return list[0]?.status === 'delivered' ? list : undefined;
    });
    const id = first?.id ?? '';
    const intruder = await h.createVerifiedUser(uniqueEmail('intruder'));
    expect(await deliveriesOf(intruder)).toEqual([]);
    const refused = await h.request(`/api/account/webhooks/deliveries/${id}/resend`, {
      method: 'POST',
      jar: intruder,
    });
    expect(refused.status).toBe(404);

    const resent = await h.request(`/api/account/webhooks/deliveries/${id}/resend`, {
      method: 'POST',
      jar: user.jar,
    });
    expect(resent.status).toBe(202);
    await waitFor(() => {
      const hooks = receiver.received.filter((r) => r.headers['webhook-id'] === id);
      return hooks.length === 2 ? hooks : undefined;
    });
    const [again] = await waitFor(async () => {
      const list = await deliveriesOf(user.jar);
      return list[0]?.status === 'delivered' && list[0].attempts === 2 ? list : undefined;
    });
    expect(again).toMatchObject({ id, responseStatus: 200 });
  });

  it('writes nothing for a user without an endpoint, and tells opt-out removals by record id', async () => {
    const without = await h.createVerifiedUser(uniqueEmail('none'));
    const withoutId = await userIdOf(without);
    await h.bus.publish(
      createEvent('extractions.run-finished', withoutId, { run: finishedRun('completed') }),
    );
    const user = await userWithEndpoint('optout');
    const extractionIds = [crypto.randomUUID(), crypto.randomUUID()];
    await h.bus.publish(createEvent('extractions.opted-out', user.userId, { extractionIds }));
    const hook = await waitFor(() => receiver.received.find((r) => r.body.includes(extractionIds[0] ?? '')));
    expect(JSON.parse(hook.body)).toMatchObject({ type: 'extraction.opted_out', data: { extractionIds } });
    expect(await deliveriesOf(without)).toEqual([]);
  });
});
