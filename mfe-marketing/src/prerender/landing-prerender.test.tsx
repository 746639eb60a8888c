import { LANDING_PRERENDER_ID } from '@prospector/contracts';
import { SESSION_QUERY_KEY } from '@prospector/web-data';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LandingPage } from '../features/landing/components/landing-page.tsx';
import { renderLandingPrerender } from './landing-prerender.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The header and the hero of a rendered landing page, with generated ids (which differ by renderer) blanked. */
function firstScreen(container: ParentNode): string[] {
  const parts = [container.querySelector('header'), container.querySelector('main > section')];
  return parts.map((part) => (part?.outerHTML ?? '').replace(/(\bid|aria-controls)="[^"]*"/g, '$1=""'));
}

describe('renderLandingPrerender', () => {
  // The whole live page renders in jsdom, which takes a while on a busy machine.
  it("is the live landing page's header and hero, as a signed-out visitor sees them, with working links", {
    timeout: 30_000,
  }, async () => {
    const prerendered = document.createElement('div');
    prerendered.innerHTML = renderLandingPrerender();
    const copy = prerendered.firstElementChild;
    expect(copy?.id).toBe(LANDING_PRERENDER_ID);
    expect(copy?.querySelectorAll('h1')).toHaveLength(1);
    // Nothing below the hero: the rest of the page comes with the app.
    expect(copy?.querySelector('main')?.children).toHaveLength(1);
    expect(copy?.querySelector('footer')).toBeNull();

    // Signed out: the session check answers null (and the pricing grid's request is of no interest here).
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(null)),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const live = render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <LandingPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(queryClient.getQueryState(SESSION_QUERY_KEY)?.status).toBe('success'));

    expect(firstScreen(copy as Element)).toEqual(firstScreen(live.container));
    const hrefs = [...(copy?.querySelectorAll('a') ?? [])].map((link) => link.getAttribute('href'));
    expect(hrefs).toContain('/auth');
    expect(hrefs).toContain('/');
    expect(hrefs.every((href) => href?.startsWith('/') || href?.startsWith('#'))).toBe(true);
  });
});
