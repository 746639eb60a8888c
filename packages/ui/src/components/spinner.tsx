import Loader2Icon from 'lucide-react/icons/loader-circle';
import type * as React from 'react';
import { cn } from '../lib/cn';

export type SpinnerProps = Omit<React.ComponentProps<'span'>, 'children'> & {
  /** What is loading, announced to screen readers (e.g. "Verifying your account"). */
  label?: string;
  /** Also print the label next to the icon. */
  showLabel?: boolean;
};

export function Spinner({ label = 'Loading', showLabel = false, className, ...props }: SpinnerProps) {
  return (
    <span
      data-slot="spinner"
      role="status"
      aria-live="polite"
      className={cn('inline-flex items-center gap-2 text-sm text-muted-foreground', className)}
      {...props}
    >
      <Loader2Icon className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
      <span className={showLabel ? undefined : 'sr-only'}>{label}</span>
    </span>
  );
}
