import type { TWebhookPayload } from '@prospector/contracts';
import { Webhook } from 'standardwebhooks';
import { expect, freshUsernames, test } from './support/_factories.ts';
import { collectConsoleErrors } from './support/console.ts';
import { findLayoutProblems } from './support/layout-checks.ts';
import { signatureHeaders, startWebhookReceiver, type TReceivedWebhook } from './support/webhook-receiver.ts';

// Webhooks (issue 24) end to end: the user points Settings → Webhooks at a receiver on this machine
// (the servers under test allow 127.0.0.1, see E2E_WEBHOOKS), runs an extraction, and the receiver
// gets a run.completed it verifies with the secret the page showed; the delivery log shows it, and
// Resend sends the same message again.

test.describe('webhooks', () => {
  test('set the endpoint in Settings, run an extraction, receive a signed run.completed, see it logged and resend it', async ({
    signedInPage: page,
  }) => {
    test.setTimeout(120_000);
    const receiver = await startWebhookReceiver();
    const errors = collectConsoleErrors(page);
    try {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/dashboard/settings');
      await page.getByRole('tab', { name: 'Webhooks' }).click();
      await expect(page.getByText('Set an endpoint above to receive webhooks.')).toBeVisible();

      // A private address is refused by the service, under the field.
      const url = page.getByLabel('Endpoint URL');
      await url.fill('http://10.0.0.8/hooks');
      await page.getByRole('button', { name: 'Save endpoint' }).click();
      await expect(page.getByText('The webhook URL must lead to a public address')).toBeVisible();
      await expect(url).toHaveAttribute('aria-invalid', 'true');

      await url.fill(receiver.url);
      await page.getByRole('button', { name: 'Save endpoint' }).click();
      await expect(page.getByText('Webhook endpoint saved')).toBeVisible();
      const secretBox = page.getByTestId('webhook-secret');
      await expect(secretBox).toHaveText(/^whsec_•+$/);
      await page.getByRole('button', { name: 'Reveal secret' }).click();
      await expect(secretBox).toHaveText(/^whsec_[A-Za-z0-9+/=]{44}$/);
      const secret = (await secretBox.textContent()) ?? '';

      // An extraction, as the user starts one.
      const [username] = freshUsernames(1) as [string];
      await page.goto('/dashboard/instagram-info');
      await page.getByLabel('Instagram username').fill(username);
      await page.getByRole('button', { name: 'Extract', exact: true }).click();

      await expect
        .poll(() => receiver.received.length, { message: 'a webhook to arrive', timeout: 60_000 })
        .toBeGreaterThan(0);
      const [hook] = receiver.received as [TReceivedWebhook];
      const payload = new Webhook(secret).verify(hook.body, signatureHeaders(hook)) as TWebhookPayload;
      expect(payload.type).toBe('run.completed');
      expect(payload.data).toMatchObject({
        run: { status: 'completed', total: 1, processed: 1, source: 'single' },
      });

      // The log shows the delivery; Resend sends the same message (same id, new signature) again.
      await page.goto('/dashboard/settings');
      await page.getByRole('tab', { name: 'Webhooks' }).click();
      const row = page.getByTestId('webhook-delivery-row');
      await expect(row).toHaveCount(1);
      await expect(row).toHaveAttribute('data-delivery-id', String(hook.headers['webhook-id']));
      await expect(row).toContainText('run.completed');
      await expect(row).toContainText('Delivered');
      await expect(row.getByTestId('webhook-response')).toHaveText('200');
      await expect(row).toContainText('1 attempt');
      await row.getByRole('button', { name: /^Resend run\.completed/ }).click();
      await expect(page.getByText('The webhook is being sent again')).toBeVisible();
      await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2);
      const again = receiver.received[1] as TReceivedWebhook;
      expect(again.headers['webhook-id']).toBe(hook.headers['webhook-id']);
      expect(new Webhook(secret).verify(again.body, signatureHeaders(again))).toEqual(payload);
      await expect(row).toContainText('2 attempts', { timeout: 15_000 });
      await expect(row).toContainText('Delivered');
      expect(await findLayoutProblems(page)).toEqual({
        horizontalScroll: null,
        overlapped: [],
        clippedText: [],
      });
      // The refused URL's 400 is the only failed request the browser reports.
      expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  test('on a phone the webhook settings and the log fit the screen', async ({ signedInPage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard/settings');
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await expect(page.getByLabel('Endpoint URL')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Delivery log' })).toBeVisible();
    await expect(page.getByText('Set an endpoint above to receive webhooks.')).toBeVisible();
    expect(await findLayoutProblems(page)).toEqual({
      horizontalScroll: null,
      overlapped: [],
      clippedText: [],
    });
  });
});
