/** Spec §3 "Onboarding options": stored values, with the label each option shows. */
export type TOption = { value: string; label: string };

const labelled = (values: readonly string[], labels: Record<string, string> = {}): TOption[] =>
  values.map((value) => ({
    value,
    label: labels[value] ?? value.replace(/-/g, ' ').replace(/^\w/, (letter) => letter.toUpperCase()),
  }));

export const BUSINESS_TYPES = labelled(
  ['marketing-agency', 'ecommerce', 'saas', 'consulting', 'freelancer', 'startup', 'enterprise', 'other'],
  { ecommerce: 'E-commerce', saas: 'SaaS' },
);

export const COMPANY_SIZES = labelled(['solo', '2-10', '11-50', '51-200', '201-1000', '1000+'], {
  solo: 'Just me',
  '2-10': '2–10 people',
  '11-50': '11–50 people',
  '51-200': '51–200 people',
  '201-1000': '201–1,000 people',
  '1000+': 'More than 1,000',
});

export const HOW_FOUND = labelled(
  ['google', 'social-media', 'referral', 'content', 'ads', 'word-of-mouth', 'other'],
  { google: 'Google search', content: 'Blog or article', ads: 'Online ads' },
);

export const INDUSTRIES = labelled([
  'marketing',
  'ecommerce',
  'technology',
  'healthcare',
  'education',
  'finance',
  'real-estate',
  'fashion',
  'food',
  'travel',
  'fitness',
  'other',
]).map((option) => (option.value === 'ecommerce' ? { ...option, label: 'E-commerce' } : option));

export const GOALS = [
  'Lead Generation',
  'Brand Awareness',
  'Influencer Outreach',
  'Competitor Research',
  'Customer Acquisition',
  'Content Marketing',
  'Social Media Growth',
] as const;

export const CURRENT_TOOLS = [
  'Instagram Business API',
  'Hootsuite',
  'Buffer',
  'Sprout Social',
  'Later',
  'HubSpot',
  'Mailchimp',
  'Salesforce',
  'Other CRM',
  'None',
] as const;

export const BUDGET_RANGES = labelled(['under-1k', '1k-5k', '5k-10k', '10k-25k', '25k-50k', '50k+'], {
  'under-1k': 'Under $1,000',
  '1k-5k': '$1,000 – $5,000',
  '5k-10k': '$5,000 – $10,000',
  '10k-25k': '$10,000 – $25,000',
  '25k-50k': '$25,000 – $50,000',
  '50k+': 'More than $50,000',
});
