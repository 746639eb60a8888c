import { BILLING_ENDPOINTS, SELECTED_PLAN_KEY, TEAM_MESSAGES } from '@prospector/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeProfile, fakeSession, json, stubApi } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const profile = fakeProfile();
// jsdom performs same-document navigations only, so the checkout page is a fragment of this one:
// reaching it proves the browser was handed the URL create-checkout returned.
const CHECKOUT_URL = `${window.location.origin}${window.location.pathname}#checkout-cs_test_1`;

const checkoutCalls = (api: ReturnType<typeof stubApi>) =>
  api.mock.calls.filter(([url]) => String(url) === BILLING_ENDPOINTS.checkout.path);

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  window.localStorage.clear();
  window.location.hash = '';
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('auth callback (docs/product.md §2 "Auth callback", §4, §8 "Callback")', () => {
  it('says "Verifying your account" while the session is checked', async () => {
    let answer: ((response: Response) => void) | undefined;
    stubApi({
      profile,
      routes: { '/api/auth/get-session': () => new Promise<Response>((resolve) => (answer = resolve)) },
    });
    await renderApp('/auth/callback');
    // The first render of the file loads the page's lazy chunks: on a busy machine that alone can pass 1 s.
    // The heading is drawn before the query's effect asks for the session, so the test also waits
    // for that request: answering before it is made would answer nothing.
    await vi.waitFor(
      () => {
        screen.getByRole('heading', { level: 1, name: 'Verifying your account' });
        expect(answer).toBeDefined();
      },
      { timeout: 5_000 },
    );
    await act(async () => answer?.(json(fakeSession(profile))));
    expect(await screen.findByRole('heading', { level: 1, name: 'Email Verified!' })).toBeTruthy();
  });

  it('verified without a stored plan: "Email Verified!", then /dashboard after 1.5 s', async () => {
    const api = stubApi({ profile });
    const { router } = await renderApp('/auth/callback');
    await screen.findByRole('heading', { level: 1, name: 'Email Verified!' });
    await vi.advanceTimersByTimeAsync(1_400);
    expect(router.state.location.pathname).toBe('/auth/callback');
    await vi.advanceTimersByTimeAsync(200);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(checkoutCalls(api)).toHaveLength(0);
  });

  it('with a stored plan: clears it and starts its checkout after 1.5 s, then hands the browser over', async () => {
    window.localStorage.setItem(SELECTED_PLAN_KEY, 'professional');
    const api = stubApi({
      profile,
      routes: { [BILLING_ENDPOINTS.checkout.path]: () => json({ url: CHECKOUT_URL }) },
    });
    await renderApp('/auth/callback');
    await screen.findByRole('heading', { level: 1, name: 'Email Verified!' });
    await vi.advanceTimersByTimeAsync(1_400);
    expect(checkoutCalls(api)).toHaveLength(0);
    expect(window.localStorage.getItem(SELECTED_PLAN_KEY)).toBe('professional');

    await vi.advanceTimersByTimeAsync(200);
    await vi.waitFor(() => expect(window.location.hash).toBe('#checkout-cs_test_1'));
    expect(window.localStorage.getItem(SELECTED_PLAN_KEY)).toBeNull();
    const calls = checkoutCalls(api);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({ planId: 'package_2' });
  });

  it('a failed checkout says "Error creating checkout session" and goes to /dashboard', async () => {
    window.localStorage.setItem(SELECTED_PLAN_KEY, 'starter');
    stubApi({
      profile,
      routes: {
        [BILLING_ENDPOINTS.checkout.path]: () =>
          json({ error: { code: 'INTERNAL', message: 'provider down' } }, 502),
      },
    });
    const { router } = await renderApp('/auth/callback');
    await screen.findByRole('heading', { level: 1, name: 'Email Verified!' });
    await vi.advanceTimersByTimeAsync(1_600);
    expect(await screen.findByText('Error creating checkout session')).toBeTruthy();
    expect(screen.getByText('Failed to create checkout session.')).toBeTruthy();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(window.localStorage.getItem(SELECTED_PLAN_KEY)).toBeNull();
    expect(window.location.hash).toBe('');
  });

  it('with a pending invitation: accepts it, says so and lands in the workspace on the dashboard', async () => {
    const pending = { id: 'inv-7', email: profile.email, workspaceName: 'Hopper & Co' };
    window.localStorage.setItem('prospector.pending-invitation', JSON.stringify(pending));
    const accept = '/api/account/invitations/inv-7/accept';
    const api = stubApi({
      profile,
      routes: {
        [accept]: () =>
          json({
            id: 'm-7',
            userId: profile.userId,
            name: 'Ada Lovelace',
            email: profile.email,
            role: 'member',
            joinedAt: '2026-12-02T10:00:00.000Z',
          }),
      },
    });
    const { router } = await renderApp('/auth/callback');
    await screen.findByRole('heading', { level: 1, name: 'Email Verified!' });
    await vi.advanceTimersByTimeAsync(1_600);
    expect(await screen.findByText('You joined Hopper & Co')).toBeTruthy();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.mock.calls.filter(([url]) => String(url) === accept)).toHaveLength(1);
    expect(window.localStorage.getItem('prospector.pending-invitation')).toBeNull();
  });

  it('an invitation that cannot be accepted any more: its page says why', async () => {
    window.localStorage.setItem(
      'prospector.pending-invitation',
      JSON.stringify({ id: 'inv-8', email: profile.email, workspaceName: 'Hopper & Co' }),
    );
    const closed = () =>
      json({ error: { code: 'INVITATION_CLOSED', message: TEAM_MESSAGES.invitationRevoked } }, 410);
    stubApi({
      profile,
      routes: {
        '/api/account/invitations/inv-8/accept': closed,
        '/api/account/invitations/inv-8': closed,
      },
    });
    const { router } = await renderApp('/auth/callback');
    await screen.findByRole('heading', { level: 1, name: 'Email Verified!' });
    await vi.advanceTimersByTimeAsync(1_600);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/invite/inv-8'));
    expect(await screen.findByText(TEAM_MESSAGES.invitationRevoked)).toBeTruthy();
  });

  it('an expired link: "Verification Failed" with the spec text, Back to Sign In and Try Again', async () => {
    stubApi();
    const { router } = await renderApp('/auth/callback?error=TOKEN_EXPIRED');
    expect(await screen.findByRole('heading', { level: 1, name: 'Verification Failed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Email verification link has expired. Please request a new confirmation email.',
    );
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    // No timer moves an error on: it waits for the user.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(router.state.location.pathname).toBe('/auth/callback');

    fireEvent.click(screen.getByRole('link', { name: 'Back to Sign In' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Prospector' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('an invalid link and a missing session read "Failed to authenticate. Please try signing in again."', async () => {
    stubApi({ profile });
    await renderApp('/auth/callback?error=INVALID_TOKEN');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to authenticate. Please try signing in again.',
    );
  });

  it.each([
    ['an expired link', '/auth/callback?error=TOKEN_EXPIRED'],
    ['no session after the link', '/auth/callback'],
  ])('%s: asking again cannot help, so Try Again sends a new verification link', async (_case, path) => {
    const api = stubApi({
      routes: {
        '/api/auth/get-session': () => json(null),
        '/api/auth/send-verification-email': () => json({ status: true }),
      },
    });
    await renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Verification Failed' })).toBeTruthy();
    const sessionChecks = () =>
      api.mock.calls.filter(([url]) => String(url).endsWith('/api/auth/get-session')).length;
    const checksBefore = sessionChecks();

    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend confirmation email' });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'new@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend Email' }));
    expect(await within(dialog).findByRole('status')).toBeTruthy();
    const resend = api.mock.calls.find(([url]) => String(url).endsWith('/api/auth/send-verification-email'));
    expect(JSON.parse(String(resend?.[1]?.body))).toMatchObject({ email: 'new@example.com' });
    expect(sessionChecks()).toBe(checksBefore);
  });

  it('a session check that fails shows its message, and Try Again recovers', async () => {
    let down = true;
    stubApi({
      profile,
      routes: {
        '/api/auth/get-session': () =>
          down ? new Response('bad gateway', { status: 502 }) : json(fakeSession(profile)),
      },
    });
    await renderApp('/auth/callback');
    expect(await screen.findByRole('heading', { level: 1, name: 'Verification Failed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('An unexpected error occurred. Please try again.');
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Email Verified!' })).toBeTruthy();
  });
});
