import { Toaster, TooltipProvider } from '@prospector/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../app/routes.tsx';

/**
 * Mounts the shell's real route table at `path` with a toaster. Unlike the app's providers, failed
 * queries are not retried (so error states show at once) and the subscription poll is left out
 * (its own tests cover it), so the only toasts are the ones the test provokes.
 * Remote pages still load through `load-remote-page.ts`, which a test file mocks.
 */
export async function renderApp(path: string | { pathname: string; state?: unknown }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // Awaited act(): React retries a suspended remote page only inside it, as a browser would by itself.
  await act(
    async () =>
      void render(
        <QueryClientProvider client={queryClient}>
          <TooltipProvider>
            <RouterProvider router={router} />
            <Toaster />
          </TooltipProvider>
        </QueryClientProvider>,
      ),
  );
  return { router, queryClient };
}
