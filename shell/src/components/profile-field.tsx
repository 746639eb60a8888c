import { ACCOUNT_TYPES, COUNTRIES } from '@prospector/contracts';
import { SelectField, TextField } from './form-field.tsx';

type TFieldDefinition = {
  /** After the form's own prefix: `sign-up-first-name`, `profile-first-name`. */
  id: string;
  label: string;
  name: string;
  autoComplete?: string;
  options?: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
};

const ACCOUNT_TYPE_LABELS = { personal: 'Personal', business: 'Business' } as const;

/** The profile's fields, as sign-up and the settings' Profile & Company tab both ask for them. */
const PROFILE_FIELDS = {
  firstName: { id: 'first-name', label: 'First name', name: 'first_name', autoComplete: 'given-name' },
  lastName: { id: 'last-name', label: 'Last name', name: 'last_name', autoComplete: 'family-name' },
  accountType: {
    id: 'account-type',
    label: 'Account type',
    name: 'account_type',
    options: ACCOUNT_TYPES.map((value) => ({ value, label: ACCOUNT_TYPE_LABELS[value] })),
  },
  companyName: { id: 'company', label: 'Company name', name: 'company_name', autoComplete: 'organization' },
  vatNumber: { id: 'vat', label: 'VAT number (optional)', name: 'vat_number' },
  // docs/product.md §3 "Countries", in the spec's order (the list lives in contracts with the server's rules).
  country: {
    id: 'country',
    label: 'Country',
    name: 'country',
    options: COUNTRIES.map((country) => ({ value: country, label: country })),
    placeholder: 'Select your country',
  },
} satisfies Record<string, TFieldDefinition>;

export type TProfileFieldName = keyof typeof PROFILE_FIELDS;

type ProfileFieldProps = {
  /** The form's id prefix. */
  form: string;
  field: TProfileFieldName;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  label?: string;
  placeholder?: string;
  disabled?: boolean;
};

/** One profile field: a select where the field has choices, a text input otherwise. */
export function ProfileField({ form, field, label, placeholder, disabled, ...control }: ProfileFieldProps) {
  const definition: TFieldDefinition = PROFILE_FIELDS[field];
  const common = { id: `${form}-${definition.id}`, label: label ?? definition.label, name: definition.name };
  return definition.options ? (
    <SelectField
      {...common}
      {...control}
      options={definition.options}
      placeholder={placeholder ?? definition.placeholder}
    />
  ) : (
    <TextField {...common} {...control} autoComplete={definition.autoComplete} disabled={disabled} />
  );
}
