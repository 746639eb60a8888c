import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import type * as React from 'react';
import { modalContentClassName, overlayClassName } from '../lib/class-names';
import { type ButtonProps, buttonVariants } from './button';

type ConfirmDialogProps = {
  /** The button that opens the dialog; without one, the dialog is opened through `open`. */
  trigger?: React.ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: React.ReactNode;
  /** What happens on confirming, and whether it can be undone. */
  description: React.ReactNode;
  /** The answer that changes nothing. */
  cancelLabel?: string;
  confirmLabel: string;
  /** `destructive` when confirming deletes something. */
  confirmVariant?: ButtonProps['variant'];
  onConfirm: () => void;
};

/**
 * Asks before an action that cannot be taken back: a question, what follows, Cancel and the action.
 * No corner close button: an alert dialog is answered with Cancel or the action (or Escape).
 */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  cancelLabel = 'Cancel',
  confirmLabel,
  confirmVariant,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      {trigger !== undefined && (
        <AlertDialogPrimitive.Trigger asChild>{trigger}</AlertDialogPrimitive.Trigger>
      )}
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay data-slot="alert-dialog-overlay" className={overlayClassName} />
        <AlertDialogPrimitive.Content data-slot="alert-dialog-content" className={modalContentClassName}>
          <div data-slot="alert-dialog-header" className="flex flex-col gap-2 text-center sm:text-left">
            <AlertDialogPrimitive.Title data-slot="alert-dialog-title" className="text-lg font-semibold">
              {title}
            </AlertDialogPrimitive.Title>
            <AlertDialogPrimitive.Description
              data-slot="alert-dialog-description"
              className="text-sm text-muted-foreground"
            >
              {description}
            </AlertDialogPrimitive.Description>
          </div>
          <div
            data-slot="alert-dialog-footer"
            className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
          >
            <AlertDialogPrimitive.Cancel
              data-slot="alert-dialog-cancel"
              className={buttonVariants({ variant: 'outline' })}
            >
              {cancelLabel}
            </AlertDialogPrimitive.Cancel>
            <AlertDialogPrimitive.Action
              data-slot="alert-dialog-action"
              className={buttonVariants({ variant: confirmVariant })}
              onClick={onConfirm}
            >
              {confirmLabel}
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
