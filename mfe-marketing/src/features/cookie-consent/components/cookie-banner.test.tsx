import {
  CONSENT_ANONYMOUS_ID_STORAGE_KEY,
  COOKIE_CONSENT_STORAGE_KEY,
  COOKIE_POLICY_VERSION,
} from '@prospector/contracts';
import { useCookieConsent } from '@prospector/web-data';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteFooter } from '../../../components/site-footer.tsx';
import { CookieBanner } from './cookie-banner.tsx';

/** Something optional that may only run with analytics consent, as other frontends would gate it. */
function AnalyticsProbe() {
  const { allows } = useCookieConsent();
  return <p data-testid="analytics">{allows('analytics') ? 'loaded' : 'off'}</p>;
}

function renderPage() {
  const api = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
    Response.json({ id: crypto.randomUUID(), createdAt: new Date().toISOString() }, { status: 201 }),
  );
  vi.stubGlobal('fetch', api);
  render(
    <MemoryRouter>
      <CookieBanner />
      <AnalyticsProbe />
      <SiteFooter />
    </MemoryRouter>,
  );
  return api;
}

const stored = () => JSON.parse(window.localStorage.getItem(COOKIE_CONSENT_STORAGE_KEY) ?? 'null');
const banner = () => screen.queryByRole('region', { name: 'Cookies on Prospector' });
const posted = (api: ReturnType<typeof renderPage>) =>
  api.mock.calls.map(([url, init]) => ({ url, body: JSON.parse(String(init?.body)) }));

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CookieBanner (docs/product.md §2 "Cookie banner", §3 cookieConsent)', () => {
  it('asks before anything optional runs, takes focus, and Accept All stores and logs every flag', async () => {
    const api = renderPage();
    const region = banner();
    expect(region).toBeTruthy();
    expect(document.activeElement).toBe(region);
    expect(screen.getByTestId('analytics').textContent).toBe('off');

    fireEvent.click(within(region as HTMLElement).getByRole('button', { name: 'Accept All' }));
    expect(banner()).toBeNull();
    expect(stored()).toEqual({
      necessary: true,
      analytics: true,
      marketing: true,
      functional: true,
      policyVersion: COOKIE_POLICY_VERSION,
    });
    expect(screen.getByTestId('analytics').textContent).toBe('loaded');
    const anonymousId = window.localStorage.getItem(CONSENT_ANONYMOUS_ID_STORAGE_KEY);
    expect(anonymousId).toMatch(/^[0-9a-f-]{36}$/);
    expect(posted(api)).toEqual([
      {
        url: '/api/marketing/consents',
        body: {
          anonymousId,
          flags: { necessary: true, analytics: true, marketing: true, functional: true },
          policyVersion: COOKIE_POLICY_VERSION,
        },
      },
    ]);

    // Once chosen, it does not ask again.
    cleanup();
    renderPage();
    expect(banner()).toBeNull();
  });

  it('Customize: Necessary is locked on, the three kinds toggle, Save Preferences stores them', () => {
    const api = renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Customize' }));
    const necessary = screen.getByRole('switch', { name: 'Necessary' });
    expect(necessary.getAttribute('aria-checked')).toBe('true');
    expect((necessary as HTMLButtonElement).disabled).toBe(true);
    for (const kind of ['Analytics', 'Marketing', 'Functional']) {
      expect(screen.getByRole('switch', { name: kind }).getAttribute('aria-checked')).toBe('false');
    }
    fireEvent.click(screen.getByRole('switch', { name: 'Functional' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Preferences' }));

    expect(banner()).toBeNull();
    expect(stored()).toMatchObject({ necessary: true, analytics: false, marketing: false, functional: true });
    expect(screen.getByTestId('analytics').textContent).toBe('off');
    expect(posted(api)[0]?.body.flags).toEqual({
      necessary: true,
      analytics: false,
      marketing: false,
      functional: true,
    });
  });

  it.each([
    [
      'Accept Necessary Only',
      () => fireEvent.click(screen.getByRole('button', { name: 'Accept Necessary Only' })),
    ],
    ['closing it', () => fireEvent.click(screen.getByRole('button', { name: /^Close/ }))],
    ['Escape', () => fireEvent.keyDown(banner() as HTMLElement, { key: 'Escape' })],
  ])('%s stores necessary only', (_how, act) => {
    renderPage();
    act();
    expect(banner()).toBeNull();
    expect(stored()).toMatchObject({
      necessary: true,
      analytics: false,
      marketing: false,
      functional: false,
    });
  });

  it('the footer\'s "Cookie settings" shows it again with the current choice, and focus returns there', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Accept All' }));
    const settings = screen.getByRole('button', { name: 'Cookie settings' });
    settings.focus();
    act(() => settings.click());

    expect(banner()).toBeTruthy();
    expect(document.activeElement).toBe(banner());
    expect(screen.getByRole('switch', { name: 'Marketing' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('switch', { name: 'Marketing' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(stored()).toMatchObject({ analytics: true, marketing: false, functional: true });
    expect(document.activeElement).toBe(settings);
  });

  it('asks again when the stored choice was made under another policy version, or is not one', () => {
    window.localStorage.setItem(
      COOKIE_CONSENT_STORAGE_KEY,
      JSON.stringify({
        necessary: true,
        analytics: true,
        marketing: true,
        functional: true,
        policyVersion: 'old',
      }),
    );
    renderPage();
    expect(banner()).toBeTruthy();
    expect(screen.getByTestId('analytics').textContent).toBe('off');
    cleanup();

    window.localStorage.setItem(COOKIE_CONSENT_STORAGE_KEY, '{not json');
    renderPage();
    expect(banner()).toBeTruthy();
  });
});
