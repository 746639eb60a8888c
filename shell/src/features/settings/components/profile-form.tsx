import { type TProfile, ZProfileUpdateSchema } from '@prospector/contracts';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  Spinner,
  toast,
} from '@prospector/ui';
import { errorMessage } from '@prospector/web-data';
import { type FormEvent, useState } from 'react';
import { SelectField, TextField } from '../../../components/form-field.tsx';
import { ACCOUNT_TYPES, COUNTRIES } from '../../../lib/account-options.ts';
import { fieldErrors, type TFieldErrors } from '../../../lib/form-errors.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

export const PROFILE_SAVED_MESSAGE = 'Profile updated successfully';

const formFromProfile = (profile: TProfile) => ({
  firstName: profile.firstName ?? '',
  lastName: profile.lastName ?? '',
  accountType: profile.accountType ?? 'personal',
  companyName: profile.companyName ?? '',
  vatNumber: profile.vatNumber ?? '',
  country: profile.country ?? '',
});

/**
 * The Profile & Company tab (spec §2): text is cleaned by the shared schema before it is saved; the
 * e-mail is the sign-in address and is read-only.
 */
export function ProfileForm({ profile }: { profile: TProfile }) {
  const [form, setForm] = useState(() => formFromProfile(profile));
  const [errors, setErrors] = useState<TFieldErrors>({});
  const update = useUpdateProfile();
  const business = form.accountType === 'business';
  const set = (field: keyof typeof form) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = ZProfileUpdateSchema.safeParse(form);
    setErrors(fieldErrors(result));
    if (!result.success) return;
    update.mutate(result.data, {
      onSuccess: (saved) => {
        setForm(formFromProfile(saved));
        toast.success(PROFILE_SAVED_MESSAGE);
      },
      onError: (error) => toast.error('Profile update failed', { description: errorMessage(error) }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Profile & Company</h2>
        </CardTitle>
        <CardDescription>Your name, company details and where you are based.</CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="profile-first-name"
            label="First name"
            name="first_name"
            autoComplete="given-name"
            value={form.firstName}
            onChange={set('firstName')}
            error={errors.firstName}
          />
          <TextField
            id="profile-last-name"
            label="Last name"
            name="last_name"
            autoComplete="family-name"
            value={form.lastName}
            onChange={set('lastName')}
            error={errors.lastName}
          />
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
          <SelectField
            id="profile-account-type"
            label="Account type"
            name="account_type"
            value={form.accountType}
            onChange={set('accountType')}
            options={ACCOUNT_TYPES}
            placeholder="Select account type"
          />
          <SelectField
            id="profile-country"
            label="Country"
            name="country"
            value={form.country}
            onChange={set('country')}
            options={COUNTRIES}
            placeholder="Select your country"
            error={errors.country}
          />
          <TextField
            id="profile-company"
            label={business ? 'Company name' : 'Company name (business accounts)'}
            name="company_name"
            autoComplete="organization"
            value={form.companyName}
            disabled={!business}
            onChange={set('companyName')}
            error={errors.companyName}
          />
          <TextField
            id="profile-vat"
            label="VAT number (optional)"
            name="vat_number"
            value={form.vatNumber}
            disabled={!business}
            onChange={set('vatNumber')}
          />
        </CardContent>
        <CardFooter className="justify-end border-t pt-6">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? <Spinner label="Saving" /> : null}
            Save Changes
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
