import { ACCOUNT_TYPES as ACCOUNT_TYPE_VALUES, COUNTRIES } from '@prospector/contracts';

/** docs/product.md §3 "Countries", in the spec's order (the list itself lives in contracts with the server's rules). */
export { COUNTRIES };

const ACCOUNT_TYPE_LABELS = { personal: 'Personal', business: 'Business' } as const;

/** The account types of sign-up and settings, with the labels the forms show. */
export const ACCOUNT_TYPES = ACCOUNT_TYPE_VALUES.map((value) => ({
  value,
  label: ACCOUNT_TYPE_LABELS[value],
}));

export type TAccountType = (typeof ACCOUNT_TYPE_VALUES)[number];
