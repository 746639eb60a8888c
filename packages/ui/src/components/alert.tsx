import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../lib/cn';
import { slotted } from '../lib/slotted';

export const alertVariants = cva(
  [
    'relative grid w-full grid-cols-[0_1fr] items-start gap-y-0.5 rounded-lg border px-4 py-3 text-sm',
    // An optional leading icon gets its own column; without one the text starts at the edge.
    'has-[>svg]:grid-cols-[1rem_1fr] has-[>svg]:gap-x-3 [&>svg]:size-4 [&>svg]:translate-y-0.5 [&>svg]:text-current',
  ],
  {
    variants: {
      variant: {
        default: 'bg-card text-card-foreground',
        destructive:
          'border-destructive/30 bg-destructive/5 text-destructive [&>[data-slot=alert-description]]:text-destructive/90',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

/**
 * `role="alert"` makes screen readers announce it when it appears; use it for messages that
 * result from an action (a failed sign-in), not for static notes.
 */
export function Alert({
  className,
  variant,
  role = 'alert',
  ...props
}: React.ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return (
    <div data-slot="alert" role={role} className={cn(alertVariants({ variant }), className)} {...props} />
  );
}

export const AlertTitle = slotted(
  'div',
  'alert-title',
  'col-start-2 line-clamp-1 min-h-4 font-medium tracking-tight',
);
export const AlertDescription = slotted(
  'div',
  'alert-description',
  'col-start-2 grid justify-items-start gap-1 text-sm text-muted-foreground',
);
