import type * as React from 'react';
import { cn } from '../lib/cn';
import { Button } from './button';

export type LoadFailedProps = Omit<React.ComponentProps<'div'>, 'role'> & {
  /** Asks for the data again, e.g. a query's refetch. */
  onRetry: () => void;
};

/** What shows in place of data that could not be loaded: the reason (children) and Try again. */
export function LoadFailed({ onRetry, className, children, ...props }: LoadFailedProps) {
  return (
    <div
      data-slot="load-failed"
      role="alert"
      className={cn('flex items-center gap-3 text-sm text-destructive', className)}
      {...props}
    >
      {children}
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
