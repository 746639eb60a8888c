import { Toaster, TooltipProvider } from '@prospector/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import '../styles.css';
import { InfoExtractorPage } from '../features/info-extractor/components/info-extractor-page.tsx';
import { SimilarAccountsPage } from '../features/similar-accounts/components/similar-accounts-page.tsx';
import { HarnessFrame } from './harness-frame.tsx';

// `pnpm --filter mfe-extractor dev`: this remote's pages at their real paths, without the shell.
const router = createBrowserRouter([
  {
    element: (
      <HarnessFrame
        remote="mfe-extractor"
        links={[
          { to: '/dashboard/instagram-info', label: 'Info extractor' },
          { to: '/dashboard/similar-accounts', label: 'Similar accounts' },
        ]}
      />
    ),
    children: [
      { path: '/', element: <Navigate to="/dashboard/instagram-info" replace /> },
      { path: '/dashboard/instagram-info', element: <InfoExtractorPage /> },
      { path: '/dashboard/similar-accounts', element: <SimilarAccountsPage /> },
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
