import { type TWebhookPayload, V1_PATHS } from '@prospector/contracts';
import { Webhook } from 'standardwebhooks';
import { expect, test } from './support/_factories.ts';
import { collectConsoleErrors } from './support/console.ts';
import { findLayoutProblems } from './support/layout-checks.ts';
import { signatureHeaders, startWebhookReceiver } from './support/webhook-receiver.ts';

// docs/architecture.md §12: a key made in Settings → API starts a run from a customer's own tool (here
// the test's fetch, with the key and nothing else), the run's records show in the web app, and its end
// arrives signed at the customer's webhook endpoint (§16).

test.describe('the public API', () => {
  test.describe.configure({ timeout: 180_000 });
  let closeReceiver: (() => Promise<void>) | undefined;
  test.afterEach(async () => {
    await closeReceiver?.();
    closeReceiver = undefined;
  });

  test('a key created in Settings starts a run whose records appear in the Database page and whose end is a signed webhook', async ({
    signedInPage: page,
    baseURL,
  }) => {
    const errors = collectConsoleErrors(page);
    const receiver = await startWebhookReceiver();
    closeReceiver = receiver.close;
    await page.goto('/dashboard/settings?tab=webhooks');
    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByRole('button', { name: 'Save endpoint' }).click();
    await expect(page.getByText('Webhook endpoint saved')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Reveal secret' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveText(/^whsec_[A-Za-z0-9+/=]{44}$/);
    const webhookSecret = (await page.getByTestId('webhook-secret').textContent()) ?? '';

    await page.goto('/dashboard/settings?tab=api');
    await expect(page.getByRole('heading', { name: 'API Keys' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('No API keys yet.')).toBeVisible();
    await page.getByLabel('Key name').fill('Spreadsheet sync');
    await page.getByRole('button', { name: 'Create Key' }).click();
    const secretField = page.getByLabel('New API key');
    await expect(secretField).toHaveValue(/^pk_/);
    const secret = await secretField.inputValue();
    await expect(page.getByRole('cell', { name: 'Spreadsheet sync', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Never', exact: true })).toBeVisible();

    // The customer's tool: the key alone, no cookie, no Origin.
    const started = await fetch(new URL(V1_PATHS.runs, baseURL), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${secret}`,
        'content-type': 'application/json',
        'idempotency-key': 'e2e-run',
      },
      body: JSON.stringify({ usernames: ['bella.bakery'] }),
    });
    expect(started.status).toBe(202);
    const run = (await started.json()) as { id: string };
    await expect
      .poll(
        async () => {
          const answer = await fetch(new URL(V1_PATHS.run.replace(':id', run.id), baseURL), {
            headers: { authorization: `Bearer ${secret}` },
          });
          return ((await answer.json()) as { status: string }).status;
        },
        { timeout: 90_000 },
      )
      .toBe('completed');

    // The customer's endpoint is told, signed with the secret Settings showed.
    await expect
      .poll(() => receiver.received.length, { message: 'the run.completed webhook', timeout: 60_000 })
      .toBeGreaterThan(0);
    const hook = receiver.received[0];
    if (!hook) throw new Error('no webhook arrived');
    const payload = new Webhook(webhookSecret).verify(hook.body, signatureHeaders(hook)) as TWebhookPayload;
    expect(payload).toMatchObject({
      type: 'run.completed',
      data: { run: { id: run.id, status: 'completed' } },
    });

    await page.goto('/dashboard/instagram-database');
    await expect(page.getByRole('button', { name: 'Details of @bella.bakery' })).toBeVisible({
      timeout: 60_000,
    });

    // The key's use shows in Settings, and revoking it there refuses the next call.
    await page.goto('/dashboard/settings?tab=api');
    await expect(page.getByRole('cell', { name: 'Never', exact: true })).toHaveCount(0, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Revoke Spreadsheet sync' }).click();
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await expect(page.getByText('No API keys yet.')).toBeVisible();
    const refused = await fetch(new URL(V1_PATHS.credits, baseURL), {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(refused.status).toBe(401);
    expect(errors).toEqual([]);
  });

  test('on a phone, the API tab fits the screen and the new key can be copied', async ({
    signedInPage: page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard/settings?tab=api');
    await expect(page.getByRole('tab', { name: 'API', selected: true })).toBeVisible({ timeout: 60_000 });
    await page.getByLabel('Key name').fill('Phone key');
    await page.getByRole('button', { name: 'Create Key' }).click();
    await expect(page.getByLabel('New API key')).toHaveValue(/^pk_/);
    await expect(page.getByRole('button', { name: 'Copy' })).toBeInViewport();
    await expect(page.getByRole('cell', { name: 'Phone key', exact: true })).toBeVisible();
    expect((await findLayoutProblems(page)).horizontalScroll).toBeNull();
  });
});
