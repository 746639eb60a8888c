import { Label } from '@prospector/ui';
import type { ReactNode } from 'react';

type FormFieldProps = { id: string; label: string; hint?: string; children: ReactNode };

/** Label above a control, with an optional hint below it. */
export function FormField({ id, label, hint, children }: FormFieldProps) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}
