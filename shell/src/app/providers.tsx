import { Toaster } from '@prospector/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { SubscriptionSync } from '../api/use-subscription-polling.ts';
import { createQueryClient } from './query-client.ts';

/** Everything the shell and the remotes read from context. Remotes get these through the shared singletons. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SubscriptionSync />
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
