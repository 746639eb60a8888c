import XIcon from 'lucide-react/icons/x';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type * as React from 'react';
import { modalContentClassName, overlayClassName } from '../lib/class-names';
import { cn } from '../lib/cn';
import { slotted } from '../lib/slotted';

export const Dialog = slotted(DialogPrimitive.Root, 'dialog');
export const DialogTrigger = slotted(DialogPrimitive.Trigger, 'dialog-trigger');

export function DialogContent({
  className,
  children,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay data-slot="dialog-overlay" className={overlayClassName} />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(modalContentClassName, className)}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          data-slot="dialog-close"
          className={cn(
            'absolute top-4 right-4 rounded-sm opacity-70 transition-opacity hover:opacity-100',
            'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none',
          )}
        >
          <XIcon className="size-4" aria-hidden />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export const DialogHeader = slotted('div', 'dialog-header', 'flex flex-col gap-2 text-center sm:text-left');
export const DialogFooter = slotted(
  'div',
  'dialog-footer',
  'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end',
);
export const DialogTitle = slotted(
  DialogPrimitive.Title,
  'dialog-title',
  'text-lg font-semibold leading-none',
);
export const DialogDescription = slotted(
  DialogPrimitive.Description,
  'dialog-description',
  'text-sm text-muted-foreground',
);
