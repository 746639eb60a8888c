import type { VariantProps } from 'class-variance-authority';
import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import type * as React from 'react';
import { modalContentClassName, overlayClassName } from '../lib/class-names';
import { cn } from '../lib/cn';
import { slotted } from '../lib/slotted';
import { buttonVariants } from './button';

export const AlertDialog = slotted(AlertDialogPrimitive.Root, 'alert-dialog');
export const AlertDialogTrigger = slotted(AlertDialogPrimitive.Trigger, 'alert-dialog-trigger');

/** No corner close button: an alert dialog is answered with Cancel or the action (or Escape). */
export function AlertDialogContent({
  className,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay data-slot="alert-dialog-overlay" className={overlayClassName} />
      <AlertDialogPrimitive.Content
        data-slot="alert-dialog-content"
        className={cn(modalContentClassName, className)}
        {...props}
      />
    </AlertDialogPrimitive.Portal>
  );
}

export const AlertDialogHeader = slotted(
  'div',
  'alert-dialog-header',
  'flex flex-col gap-2 text-center sm:text-left',
);
export const AlertDialogFooter = slotted(
  'div',
  'alert-dialog-footer',
  'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end',
);
export const AlertDialogTitle = slotted(
  AlertDialogPrimitive.Title,
  'alert-dialog-title',
  'text-lg font-semibold',
);
export const AlertDialogDescription = slotted(
  AlertDialogPrimitive.Description,
  'alert-dialog-description',
  'text-sm text-muted-foreground',
);

/** The confirming button; pass `variant="destructive"` when it deletes something. */
export function AlertDialogAction({
  className,
  variant,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Action> &
  Pick<VariantProps<typeof buttonVariants>, 'variant'>) {
  return (
    <AlertDialogPrimitive.Action
      data-slot="alert-dialog-action"
      className={cn(buttonVariants({ variant }), className)}
      {...props}
    />
  );
}

export const AlertDialogCancel = slotted(
  AlertDialogPrimitive.Cancel,
  'alert-dialog-cancel',
  buttonVariants({ variant: 'outline' }),
);
