/** Spec §3 "Countries": the choices for sign-up and the profile, in the spec's order. */
export const COUNTRIES = [
  'Italy',
  'Germany',
  'France',
  'Spain',
  'United Kingdom',
  'Netherlands',
  'Belgium',
  'Austria',
  'Portugal',
  'Switzerland',
  'Sweden',
  'Denmark',
  'Norway',
  'Finland',
  'Poland',
  'Czech Republic',
  'United States',
  'Canada',
] as const;

export const ACCOUNT_TYPES = [
  { value: 'personal', label: 'Personal' },
  { value: 'business', label: 'Business' },
] as const;

export type TAccountType = (typeof ACCOUNT_TYPES)[number]['value'];
