import type * as React from 'react';
import { fieldClassName } from '../lib/class-names';
import { cn } from '../lib/cn';

export function Textarea({ className, ...props }: React.ComponentProps<'textarea'>) {
  return (
    <textarea data-slot="textarea" className={cn(fieldClassName, 'min-h-20 py-2', className)} {...props} />
  );
}
