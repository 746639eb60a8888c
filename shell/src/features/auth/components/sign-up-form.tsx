import { AUTH_SUCCESS_MESSAGES, PASSWORD_MESSAGES, sanitizeText, ZSignUpSchema } from '@prospector/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Spinner,
} from '@prospector/ui';
import { CircleAlertIcon, MailCheckIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormField, invalidProps } from '../../../components/form-field.tsx';
import { ACCOUNT_TYPES, COUNTRIES, type TAccountType } from '../../../lib/account-options.ts';
import { fieldErrors, type TFieldErrors } from '../../../lib/form-errors.ts';
import { useSignUp } from '../api/sign-up.ts';
import { authErrorMessage } from '../auth-error-message.ts';
import { ResendConfirmationDialog } from './resend-confirmation-dialog.tsx';

/** The shared schema's text for a business account without a company (spec §5). */
const COMPANY_REQUIRED = 'Company name is required';

const EMPTY_FORM = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  accountType: 'personal' as TAccountType,
  companyName: '',
  vatNumber: '',
  country: '',
};

/**
 * Every field's first problem at once. The schema checks the match and the business company name
 * only once all else is valid; the form says them as soon as they apply.
 */
function signUpErrors(values: typeof EMPTY_FORM): TFieldErrors {
  const errors = fieldErrors(ZSignUpSchema.safeParse(values));
  if (!errors.password && !errors.confirmPassword && values.password !== values.confirmPassword) {
    errors.confirmPassword = PASSWORD_MESSAGES.mismatch;
  }
  if (values.accountType === 'business' && !errors.companyName && !sanitizeText(values.companyName)) {
    errors.companyName = COMPANY_REQUIRED;
  }
  return errors;
}

/**
 * Sign-up fields of spec §3 "Sign-up metadata", checked with the shared schema (spec §5): company
 * name and VAT number only for business accounts, the password rules in order, then the match rule.
 * Text is cleaned by the schema before it is sent; passwords go as typed.
 */
export function SignUpForm() {
  const [form, setForm] = useState(EMPTY_FORM);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [createdFor, setCreatedFor] = useState<string>();
  const signUp = useSignUp();
  const business = form.accountType === 'business';

  const update = (field: keyof typeof form) => (value: string) => {
    const next = { ...form, [field]: value };
    setForm(next);
    // After the first attempt, messages follow the typing.
    if (submitted) setErrors(signUpErrors(next));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setErrors(signUpErrors(form));
    const result = ZSignUpSchema.safeParse(form);
    if (!result.success) return;
    signUp.mutate(result.data, {
      onSuccess: () => {
        setCreatedFor(result.data.email);
        setForm(EMPTY_FORM);
        setSubmitted(false);
      },
    });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
      {createdFor && (
        <Alert>
          <MailCheckIcon aria-hidden />
          <AlertTitle>Check your inbox</AlertTitle>
          <AlertDescription>
            <p role="status">{AUTH_SUCCESS_MESSAGES.signUp}</p>
            <p>
              Didn't get it?{' '}
              <ResendConfirmationDialog trigger="Resend confirmation email" defaultEmail={createdFor} />
            </p>
          </AlertDescription>
        </Alert>
      )}
      {signUp.isError && (
        <Alert variant="destructive">
          <CircleAlertIcon aria-hidden />
          <AlertTitle>Sign up failed</AlertTitle>
          <AlertDescription role="alert">{authErrorMessage(signUp.error)}</AlertDescription>
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="sign-up-first-name" label="First name" error={errors.firstName}>
          <Input
            id="sign-up-first-name"
            name="first_name"
            autoComplete="given-name"
            value={form.firstName}
            onChange={(event) => update('firstName')(event.target.value)}
            {...invalidProps('sign-up-first-name', errors.firstName)}
          />
        </FormField>
        <FormField id="sign-up-last-name" label="Last name" error={errors.lastName}>
          <Input
            id="sign-up-last-name"
            name="last_name"
            autoComplete="family-name"
            value={form.lastName}
            onChange={(event) => update('lastName')(event.target.value)}
            {...invalidProps('sign-up-last-name', errors.lastName)}
          />
        </FormField>
      </div>
      <FormField id="sign-up-account-type" label="Account type">
        <Select name="account_type" value={form.accountType} onValueChange={update('accountType')}>
          <SelectTrigger id="sign-up-account-type" className="w-full">
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
      {business && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="sign-up-company" label="Company name" error={errors.companyName}>
            <Input
              id="sign-up-company"
              name="company_name"
              autoComplete="organization"
              value={form.companyName}
              onChange={(event) => update('companyName')(event.target.value)}
              {...invalidProps('sign-up-company', errors.companyName)}
            />
          </FormField>
          <FormField id="sign-up-vat" label="VAT number (optional)">
            <Input
              id="sign-up-vat"
              name="vat_number"
              value={form.vatNumber}
              onChange={(event) => update('vatNumber')(event.target.value)}
            />
          </FormField>
        </div>
      )}
      <FormField id="sign-up-country" label="Country" error={errors.country}>
        <Select name="country" value={form.country} onValueChange={update('country')}>
          <SelectTrigger
            id="sign-up-country"
            className="w-full"
            {...invalidProps('sign-up-country', errors.country)}
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
      <FormField id="sign-up-email" label="Email" error={errors.email}>
        <Input
          id="sign-up-email"
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={(event) => update('email')(event.target.value)}
          {...invalidProps('sign-up-email', errors.email)}
        />
      </FormField>
      <FormField
        id="sign-up-password"
        label="Password"
        hint="At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character."
        error={errors.password}
      >
        <Input
          id="sign-up-password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={(event) => update('password')(event.target.value)}
          {...invalidProps('sign-up-password', errors.password)}
        />
      </FormField>
      <FormField id="sign-up-confirm-password" label="Confirm password" error={errors.confirmPassword}>
        <Input
          id="sign-up-confirm-password"
          name="confirm_password"
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={(event) => update('confirmPassword')(event.target.value)}
          {...invalidProps('sign-up-confirm-password', errors.confirmPassword)}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending ? <Spinner label="Creating your account" /> : null}
        Create Account
      </Button>
    </form>
  );
}
