import { Toaster, TooltipProvider } from '@prospector/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import '../styles.css';
import { LandingPage } from '../features/landing/components/landing-page.tsx';
import { PrivacyPolicyPage } from '../features/legal/components/privacy-policy-page.tsx';
import { TermsPage } from '../features/legal/components/terms-page.tsx';
import { HarnessFrame } from './harness-frame.tsx';

// `pnpm --filter mfe-marketing dev`: this remote's pages at their real paths, without the shell.
const router = createBrowserRouter([
  {
    element: (
      <HarnessFrame
        remote="mfe-marketing"
        links={[
          { to: '/', label: 'Landing' },
          { to: '/terms', label: 'Terms' },
          { to: '/privacy-policy', label: 'Privacy policy' },
        ]}
      />
    ),
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
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
