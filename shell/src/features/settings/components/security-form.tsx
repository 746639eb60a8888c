import { ZChangePasswordSchema } from '@prospector/contracts';
import { SectionCard, toast } from '@prospector/ui';
import { ApiError, errorMessage } from '@prospector/web-data';
import { type FormEvent, useState } from 'react';
import { PasswordField, SubmitButton } from '../../../components/form-field.tsx';
import { fieldErrors, type TFieldErrors } from '../../../lib/form-errors.ts';
import { useChangePassword } from '../api/change-password.ts';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

// Each field's name is its id in snake case.
const PASSWORD_FIELDS = [
  { key: 'currentPassword', id: 'current-password', label: 'Current password' },
  { key: 'newPassword', id: 'new-password', label: 'New password' },
  { key: 'confirmPassword', id: 'confirm-password', label: 'Confirm new password' },
] as const;

/** docs/product.md §5 "Settings password change": match first, then the strong rules in order. */
export function SecurityForm() {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const change = useChangePassword();
  const set = (field: keyof typeof EMPTY) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = ZChangePasswordSchema.safeParse(form);
    const next = fieldErrors(result);
    if (next.currentPassword) next.currentPassword = 'Please enter your current password';
    setErrors(next);
    if (!result.success) return;
    change.mutate(result.data, {
      onSuccess: () => {
        setForm(EMPTY);
        toast.success('Password updated successfully');
      },
      onError: (error) => {
        // A wrong current password is the field's problem; anything else is a toast.
        if (error instanceof ApiError && /password/i.test(error.code)) {
          setErrors({ currentPassword: 'Current password is incorrect' });
        } else {
          toast.error('Password change failed', { description: errorMessage(error) });
        }
      },
    });
  };

  return (
    <SectionCard
      title="Change Password"
      description="At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character."
      onSubmit={onSubmit}
      contentClassName="grid max-w-md gap-4"
      footerClassName="justify-end border-t pt-6"
      footer={
        <SubmitButton pending={change.isPending} pendingLabel="Updating your password">
          Update Password
        </SubmitButton>
      }
    >
      {PASSWORD_FIELDS.map((field) => (
        <PasswordField
          key={field.key}
          id={`security-${field.id}`}
          label={field.label}
          name={field.id.replace('-', '_')}
          autoComplete={field.key === 'currentPassword' ? 'current-password' : undefined}
          value={form[field.key]}
          onChange={set(field.key)}
          error={errors[field.key]}
        />
      ))}
    </SectionCard>
  );
}
