import { ONBOARDING_OPTIONS } from '@prospector/contracts';

/** docs/product.md §3 "Onboarding options": the stored values (from contracts), with the label each shows. */
export type TOption<T extends string = string> = { value: T; label: string };

const labelled = <T extends string>(
  values: readonly T[],
  labels: Partial<Record<T, string>> = {},
): TOption<T>[] =>
  values.map((value) => ({
    value,
    label: labels[value] ?? value.replace(/-/g, ' ').replace(/^\w/, (letter) => letter.toUpperCase()),
  }));

export const BUSINESS_TYPES = labelled(ONBOARDING_OPTIONS.businessType, {
  ecommerce: 'E-commerce',
  saas: 'SaaS',
});

export const COMPANY_SIZES = labelled(ONBOARDING_OPTIONS.companySize, {
  solo: 'Just me',
  '2-10': '2–10 people',
  '11-50': '11–50 people',
  '51-200': '51–200 people',
  '201-1000': '201–1,000 people',
  '1000+': 'More than 1,000',
});

export const HOW_FOUND = labelled(ONBOARDING_OPTIONS.howFoundUs, {
  google: 'Google search',
  content: 'Blog or article',
  ads: 'Online ads',
});

export const INDUSTRIES = labelled(ONBOARDING_OPTIONS.industry, { ecommerce: 'E-commerce' });

export const GOALS = labelled(ONBOARDING_OPTIONS.marketingGoals);

export const CURRENT_TOOLS = labelled(ONBOARDING_OPTIONS.currentTools);

export const BUDGET_RANGES = labelled(ONBOARDING_OPTIONS.monthlyBudgetRange, {
  'under-1k': 'Under $1,000',
  '1k-5k': '$1,000 – $5,000',
  '5k-10k': '$5,000 – $10,000',
  '10k-25k': '$10,000 – $25,000',
  '25k-50k': '$25,000 – $50,000',
  '50k+': 'More than $50,000',
});
