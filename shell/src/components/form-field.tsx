import {
  Button,
  Input,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Spinner,
} from '@prospector/ui';
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

type TextFieldProps = Omit<FormFieldProps, 'children'> & {
  name: string;
  value: string;
  onChange?: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  disabled?: boolean;
  readOnly?: boolean;
};

/** A labelled text input with its hint and validation message. */
export function TextField({ id, label, hint, error, onChange, ...input }: TextFieldProps) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <Input
        id={id}
        {...input}
        onChange={onChange && ((event) => onChange(event.target.value))}
        {...invalidProps(id, error)}
      />
    </FormField>
  );
}

/** The e-mail input of the sign-in, sign-up and e-mail dialogs. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'name' | 'type' | 'autoComplete'>) {
  return <TextField label="Email" name="email" type="email" autoComplete="email" {...props} />;
}

/** A password input; a new password unless `autoComplete` says otherwise. */
export function PasswordField({
  name = 'password',
  autoComplete = 'new-password',
  ...props
}: Omit<TextFieldProps, 'type' | 'name'> & { name?: string }) {
  return <TextField name={name} type="password" autoComplete={autoComplete} {...props} />;
}

type SelectFieldProps = Omit<FormFieldProps, 'children'> & {
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
};

/** A labelled select with its validation message. */
export function SelectField({ name, value, onChange, options, placeholder, ...field }: SelectFieldProps) {
  return (
    <FormField {...field}>
      <Select name={name} value={value} onValueChange={onChange}>
        <SelectTrigger id={field.id} className="w-full" {...invalidProps(field.id, field.error)}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}

type SubmitButtonProps = {
  /** The form is being sent: the button is disabled and a spinner says what is happening. */
  pending: boolean;
  /** What the spinner announces while pending ("Saving"). */
  pendingLabel: string;
  /** The form cannot be sent now (a limit reached); the form says why. */
  disabled?: boolean;
  className?: string;
  children: ReactNode;
};

/** A form's submit button, disabled with a spinner while the form is being sent. */
export function SubmitButton({ pending, pendingLabel, disabled, className, children }: SubmitButtonProps) {
  return (
    <Button type="submit" className={className} disabled={pending || disabled}>
      {pending ? <Spinner label={pendingLabel} /> : null}
      {children}
    </Button>
  );
}
