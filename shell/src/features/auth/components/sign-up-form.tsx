import { Button, Input, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@prospector/ui';
import { useState } from 'react';
import { FormField } from '../../../components/form-field.tsx';
import { ACCOUNT_TYPES, COUNTRIES, type TAccountType } from '../../../lib/countries.ts';

/**
 * Sign-up fields of spec §3 "Sign-up metadata". Company name and VAT number appear only for business
 * accounts (spec §5). Submitting is wired with the account service.
 */
export function SignUpForm() {
  const [accountType, setAccountType] = useState<TAccountType>('personal');
  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => event.preventDefault()}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="sign-up-first-name" label="First name">
          <Input id="sign-up-first-name" name="first_name" autoComplete="given-name" required />
        </FormField>
        <FormField id="sign-up-last-name" label="Last name">
          <Input id="sign-up-last-name" name="last_name" autoComplete="family-name" required />
        </FormField>
      </div>
      <FormField id="sign-up-account-type" label="Account type">
        <Select
          name="account_type"
          value={accountType}
          onValueChange={(value) => setAccountType(value as TAccountType)}
        >
          <SelectTrigger id="sign-up-account-type">
            <SelectValue />
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
      {accountType === 'business' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="sign-up-company" label="Company name">
            <Input id="sign-up-company" name="company_name" autoComplete="organization" required />
          </FormField>
          <FormField id="sign-up-vat" label="VAT number (optional)">
            <Input id="sign-up-vat" name="vat_number" />
          </FormField>
        </div>
      )}
      <FormField id="sign-up-country" label="Country">
        <Select name="country" required>
          <SelectTrigger id="sign-up-country">
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
      <FormField id="sign-up-email" label="Email">
        <Input id="sign-up-email" name="email" type="email" autoComplete="email" required />
      </FormField>
      <FormField
        id="sign-up-password"
        label="Password"
        hint="At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character."
      >
        <Input id="sign-up-password" name="password" type="password" autoComplete="new-password" required />
      </FormField>
      <FormField id="sign-up-confirm-password" label="Confirm password">
        <Input
          id="sign-up-confirm-password"
          name="confirm_password"
          type="password"
          autoComplete="new-password"
          required
        />
      </FormField>
      <Button type="submit" className="w-full" disabled>
        Create Account
      </Button>
    </form>
  );
}
