import type * as React from 'react';
import { cn } from '../lib/cn';

/** Purely visual: the region that is loading should carry `aria-busy` or a Spinner for screen readers. */
export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden
      className={cn('animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}
