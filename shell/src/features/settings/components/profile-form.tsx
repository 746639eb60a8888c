import { type TProfile, ZProfileUpdateSchema } from '@prospector/contracts';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Spinner,
  toast,
} from '@prospector/ui';
import { type FormEvent, useState } from 'react';
import { FormField, invalidProps } from '../../../components/form-field.tsx';
import { ACCOUNT_TYPES, COUNTRIES } from '../../../lib/account-options.ts';
import { errorMessage } from '../../../lib/api-client.ts';
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
          <FormField id="profile-first-name" label="First name" error={errors.firstName}>
            <Input
              id="profile-first-name"
              name="first_name"
              autoComplete="given-name"
              value={form.firstName}
              onChange={(event) => set('firstName')(event.target.value)}
              {...invalidProps('profile-first-name', errors.firstName)}
            />
          </FormField>
          <FormField id="profile-last-name" label="Last name" error={errors.lastName}>
            <Input
              id="profile-last-name"
              name="last_name"
              autoComplete="family-name"
              value={form.lastName}
              onChange={(event) => set('lastName')(event.target.value)}
              {...invalidProps('profile-last-name', errors.lastName)}
            />
          </FormField>
          <div className="sm:col-span-2">
            <FormField id="profile-email" label="Email" hint="Your sign-in email can't be changed here.">
              <Input id="profile-email" name="email" type="email" value={profile.email} readOnly />
            </FormField>
          </div>
          <FormField id="profile-account-type" label="Account type">
            <Select name="account_type" value={form.accountType} onValueChange={set('accountType')}>
              <SelectTrigger id="profile-account-type" className="w-full">
                <SelectValue placeholder="Select account type" />
              </SelectTrigger>
              <SelectContent>
                {ACCOUNT_TYPES.map((type) => (
                  <SelectItem key={type.value} value={type.value}>
                    {type.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
          <FormField id="profile-country" label="Country" error={errors.country}>
            <Select name="country" value={form.country} onValueChange={set('country')}>
              <SelectTrigger
                id="profile-country"
                className="w-full"
                {...invalidProps('profile-country', errors.country)}
              >
                <SelectValue placeholder="Select your country" />
              </SelectTrigger>
              <SelectContent>
                {COUNTRIES.map((country) => (
                  <SelectItem key={country} value={country}>
                    {country}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
          <FormField
            id="profile-company"
            label={business ? 'Company name' : 'Company name (business accounts)'}
            error={errors.companyName}
          >
            <Input
              id="profile-company"
              name="company_name"
              autoComplete="organization"
              value={form.companyName}
              disabled={!business}
              onChange={(event) => set('companyName')(event.target.value)}
              {...invalidProps('profile-company', errors.companyName)}
            />
          </FormField>
          <FormField id="profile-vat" label="VAT number (optional)">
            <Input
              id="profile-vat"
              name="vat_number"
              value={form.vatNumber}
              disabled={!business}
              onChange={(event) => set('vatNumber')(event.target.value)}
            />
          </FormField>
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
