import {
  AUTH_SUCCESS_MESSAGES,
  PASSWORD_MESSAGES,
  sanitizeText,
  type TSignUpRequest,
  ZSignUpSchema,
} from '@prospector/contracts';
import { Alert, AlertDescription, AlertTitle } from '@prospector/ui';
import CircleAlertIcon from 'lucide-react/icons/circle-exclamation-point';
import MailCheckIcon from 'lucide-react/icons/mail-check';
import { type FormEvent, useState } from 'react';
import { EmailField, PasswordField, SubmitButton } from '../../../components/form-field.tsx';
import { ProfileField, type TProfileFieldName } from '../../../components/profile-field.tsx';
import { fieldErrors, type TFieldErrors } from '../../../lib/form-errors.ts';
import { useSignUp } from '../api/sign-up.ts';
import { authErrorMessage } from '../auth-error-message.ts';
import { ResendConfirmationDialog } from './email-dialog.tsx';

/** The shared schema's text for a business account without a company (docs/product.md §5). */
const COMPANY_REQUIRED = 'Company name is required';

const EMPTY_FORM = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  accountType: 'personal' as TSignUpRequest['accountType'],
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
 * Sign-up fields of docs/product.md §3 "Sign-up metadata", checked with the shared schema (docs/product.md §5): company
 * name and VAT number only for business accounts, the password rules in order, then the match rule.
 * Text is cleaned by the schema before it is sent; passwords go as typed. `initialEmail`: an invitation's
 * address (docs/product.md §11).
 */
export function SignUpForm({ initialEmail = '' }: { initialEmail?: string }) {
  const [form, setForm] = useState({ ...EMPTY_FORM, email: initialEmail });
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

  const profileField = (field: TProfileFieldName) => (
    <ProfileField
      form="sign-up"
      field={field}
      value={form[field]}
      onChange={update(field)}
      error={errors[field]}
    />
  );

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

  // Once the account exists, what is left is the mail: an empty form under it would ask for a second one.
  if (createdFor) {
    return (
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
    );
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
      {signUp.isError && (
        <Alert variant="destructive">
          <CircleAlertIcon aria-hidden />
          <AlertTitle>Sign up failed</AlertTitle>
          <AlertDescription role="alert">{authErrorMessage(signUp.error)}</AlertDescription>
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {profileField('firstName')}
        {profileField('lastName')}
      </div>
      {profileField('accountType')}
      {business && (
        <div className="grid gap-4 sm:grid-cols-2">
          {profileField('companyName')}
          {profileField('vatNumber')}
        </div>
      )}
      {profileField('country')}
      <EmailField id="sign-up-email" value={form.email} onChange={update('email')} error={errors.email} />
      <PasswordField
        id="sign-up-password"
        label="Password"
        hint="At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character."
        value={form.password}
        onChange={update('password')}
        error={errors.password}
      />
      <PasswordField
        id="sign-up-confirm-password"
        label="Confirm password"
        name="confirm_password"
        value={form.confirmPassword}
        onChange={update('confirmPassword')}
        error={errors.confirmPassword}
      />
      <SubmitButton className="w-full" pending={signUp.isPending} pendingLabel="Creating your account">
        Create Account
      </SubmitButton>
    </form>
  );
}
