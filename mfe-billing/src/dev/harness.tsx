import { Toaster, TooltipProvider } from '@prospector/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import '../styles.css';
import { BillingPage } from '../features/billing/components/billing-page.tsx';
import { PaymentSuccessPage } from '../features/payment-success/components/payment-success-page.tsx';
import { PricingPage } from '../features/pricing/components/pricing-page.tsx';
import { HarnessFrame } from './harness-frame.tsx';

// `pnpm --filter mfe-billing dev`: this remote's pages at their real paths, without the shell.
const router = createBrowserRouter([
  {
    element: (
      <HarnessFrame
        remote="mfe-billing"
        links={[
          { to: '/dashboard/billing', label: 'Billing' },
          { to: '/dashboard/billing?tab=plans', label: 'Change plan' },
          { to: '/pricing', label: 'Pricing' },
          { to: '/stripe/success', label: 'Payment success' },
        ]}
      />
    ),
    children: [
      { path: '/', element: <Navigate to="/dashboard/billing" replace /> },
      { path: '/dashboard/billing', element: <BillingPage /> },
      { path: '/pricing', element: <PricingPage /> },
      { path: '/stripe/success', element: <PaymentSuccessPage /> },
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
