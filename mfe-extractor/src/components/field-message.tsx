import type { ReactNode } from 'react';

/** Under a form field: its error (announced, linked by `id` from the field) or else its hint. */
export function FieldMessage({
  id,
  error,
  children,
}: {
  id: string;
  error: string | null;
  children: ReactNode;
}) {
  return error ? (
    <p id={id} role="alert" className="text-sm text-destructive">
      {error}
    </p>
  ) : (
    <p className="text-xs text-muted-foreground">{children}</p>
  );
}
