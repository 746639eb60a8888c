import { type TProfile, ZProfileUpdateSchema } from '@prospector/contracts';
import { SectionCard, toast } from '@prospector/ui';
import { errorMessage } from '@prospector/web-data';
import { type FormEvent, useState } from 'react';
import { SubmitButton, TextField } from '../../../components/form-field.tsx';
import { ProfileField } from '../../../components/profile-field.tsx';
import { fieldErrors, type TFieldErrors } from '../../../lib/form-errors.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

const formFromProfile = (profile: TProfile) => ({
  firstName: profile.firstName ?? '',
  lastName: profile.lastName ?? '',
  accountType: profile.accountType ?? 'personal',
  companyName: profile.companyName ?? '',
  vatNumber: profile.vatNumber ?? '',
  country: profile.country ?? '',
});

/**
 * The Profile & Company tab (docs/product.md §2): text is cleaned by the shared schema before it is saved; the
 * e-mail is the sign-in address and is read-only.
 */
export function ProfileForm({ profile }: { profile: TProfile }) {
  const [form, setForm] = useState(() => formFromProfile(profile));
  const [errors, setErrors] = useState<TFieldErrors>({});
  const update = useUpdateProfile();
  const business = form.accountType === 'business';
  const set = (field: keyof typeof form) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  const profileField = (
    field: keyof typeof form,
    options: { label?: string; placeholder?: string; disabled?: boolean } = {},
  ) => (
    <ProfileField
      form="profile"
      field={field}
      value={form[field]}
      onChange={set(field)}
      error={errors[field]}
      {...options}
    />
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = ZProfileUpdateSchema.safeParse(form);
    setErrors(fieldErrors(result));
    if (!result.success) return;
    update.mutate(result.data, {
      onSuccess: (saved) => {
        setForm(formFromProfile(saved));
        toast.success('Profile updated successfully');
      },
      onError: (error) => toast.error('Profile update failed', { description: errorMessage(error) }),
    });
  };

  return (
    <SectionCard
      title="Profile & Company"
      description="Your name, company details and where you are based."
      onSubmit={onSubmit}
      contentClassName="grid gap-4 sm:grid-cols-2"
      footerClassName="justify-end border-t pt-6"
      footer={
        <SubmitButton pending={update.isPending} pendingLabel="Saving">
          Save Changes
        </SubmitButton>
      }
    >
      {profileField('firstName')}
      {profileField('lastName')}
      <div className="sm:col-span-2">
        <TextField
          id="profile-email"
          label="Email"
          hint="Your sign-in email can't be changed here."
          name="email"
          type="email"
          value={profile.email}
          readOnly
        />
      </div>
      {profileField('accountType', { placeholder: 'Select account type' })}
      {profileField('country')}
      {profileField('companyName', {
        label: business ? 'Company name' : 'Company name (business accounts)',
        disabled: !business,
      })}
      {profileField('vatNumber', { disabled: !business })}
    </SectionCard>
  );
}
