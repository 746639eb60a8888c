import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { Toaster } from '../components/toaster.tsx';
import { TooltipProvider } from '../components/tooltip.tsx';
import { ApiStatusBanner } from './api-status-banner.tsx';
import { HarnessFrame, type THarnessLink } from './harness-frame.tsx';

export interface THarnessPage {
  path: string;
  label: string;
  element: ReactNode;
}

/**
 * `pnpm --filter mfe-<name> dev`: renders a remote's pages at their real paths, without the shell,
 * inside the providers the shell would give them. Development only; never exposed by a remote.
 */
export function mountRemoteHarness(options: {
  remote: string;
  /** Where the harness's dev server answers whether the API is up (`HARNESS_API_STATUS_PATH`). */
  apiStatusUrl: string;
  pages: readonly [THarnessPage, ...THarnessPage[]];
  /** Extra links in the harness bar, e.g. a page with a query string. */
  links?: readonly THarnessLink[];
}) {
  const { pages } = options;
  const router = createBrowserRouter([
    {
      element: (
        <HarnessFrame
          remote={options.remote}
          links={[...pages.map(({ path, label }) => ({ to: path, label })), ...(options.links ?? [])]}
          notice={<ApiStatusBanner statusUrl={options.apiStatusUrl} />}
        />
      ),
      children: [
        ...(pages.some((page) => page.path === '/')
          ? []
          : [{ path: '/', element: <Navigate to={pages[0].path} replace /> }]),
        ...pages.map(({ path, element }) => ({ path, element })),
      ],
    },
  ]);

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <TooltipProvider>
          <RouterProvider router={router} />
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
