import { LANDING_PRERENDER_ID } from '@prospector/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { LandingFrame } from '../features/landing/components/landing-frame.tsx';

/**
 * The landing page's first screen as a signed-out visitor sees it (its header and hero, in the
 * page's frame), rendered from the live components: the element the edge puts in the HTML for `/`.
 * Links are plain hrefs, so they work before any script runs. Ids carry a prefix of their own, so
 * they never collide with the live page's while both are in the document.
 */
export function renderLandingPrerender(): string {
  const markup = renderToStaticMarkup(
    // A query client that asks nothing: the session is unknown at build time, which reads as signed out.
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { enabled: false } } })}>
      <StaticRouter location="/">
        <LandingFrame />
      </StaticRouter>
    </QueryClientProvider>,
    { identifierPrefix: `${LANDING_PRERENDER_ID}-` },
  );
  return `<div id="${LANDING_PRERENDER_ID}">${markup}</div>`;
}
