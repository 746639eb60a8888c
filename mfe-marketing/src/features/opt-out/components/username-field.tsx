import { Input, Label } from '@prospector/ui';

type UsernameFieldProps = { id: string; value: string; onChange: (value: string) => void; error?: string };

/** The opt-out forms' "Instagram username" box, with its error (linked to the box) under it. */
export function UsernameField({ id, value, onChange, error }: UsernameFieldProps) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Instagram username</Label>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="@yourname or instagram.com/yourname"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
