import { Toaster, TooltipProvider } from '@prospector/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import '../styles.css';
import { DatabasePage } from '../features/extractions/components/database-page.tsx';
import { HarnessFrame } from './harness-frame.tsx';

// `pnpm --filter mfe-database dev`: this remote's page at its real path, without the shell.
const router = createBrowserRouter([
  {
    element: (
      <HarnessFrame
        remote="mfe-database"
        links={[{ to: '/dashboard/instagram-database', label: 'Database' }]}
      />
    ),
    children: [
      { path: '/', element: <Navigate to="/dashboard/instagram-database" replace /> },
      { path: '/dashboard/instagram-database', element: <DatabasePage /> },
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
