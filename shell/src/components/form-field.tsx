import { Label } from '@prospector/ui';
import type { ReactNode } from 'react';

type FormFieldProps = { id: string; label: string; hint?: string; error?: string; children: ReactNode };

/** The id of a field's error line, for the control's `aria-describedby`. */
export const fieldErrorId = (id: string) => `${id}-error`;

/** Label above a control, with an optional hint and the field's validation message below it. */
export function FormField({ id, label, hint, error, children }: FormFieldProps) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p id={fieldErrorId(id)} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** Props that tie a control to its FormField's error line. */
export const invalidProps = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true, 'aria-describedby': fieldErrorId(id) } : {};
