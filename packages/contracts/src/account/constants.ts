import { PLANS } from '../billing/plans.ts';

function trialDaysOf(plan: typeof PLANS.trial): number {
  if (plan.trialDays === null) throw new Error(`Plan ${plan.id} names no trial length`);
  return plan.trialDays;
}

/** Business constants of accounts (docs/product.md §3, §9); the trial's length and credits are the trial plan's. */
export const TRIAL_DAYS = trialDaysOf(PLANS.trial);
export const TRIAL_CREDITS = PLANS.trial.credits;

export const ACCOUNT_TYPES = ['personal', 'business'] as const;

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

export const ONBOARDING_OPTIONS = {
  businessType: [
    'marketing-agency',
    'ecommerce',
    'saas',
    'consulting',
    'freelancer',
    'startup',
    'enterprise',
    'other',
  ],
  companySize: ['solo', '2-10', '11-50', '51-200', '201-1000', '1000+'],
  howFoundUs: ['google', 'social-media', 'referral', 'content', 'ads', 'word-of-mouth', 'other'],
  industry: [
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
  ],
  marketingGoals: [
    'Lead Generation',
    'Brand Awareness',
    'Influencer Outreach',
    'Competitor Research',
    'Customer Acquisition',
    'Content Marketing',
    'Social Media Growth',
  ],
  currentTools: [
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
  ],
  monthlyBudgetRange: ['under-1k', '1k-5k', '5k-10k', '10k-25k', '25k-50k', '50k+'],
} as const;

export const ONBOARDING_STEPS = 4;

/** Where users reach a person: Contact Sales, the footer's Support links and the legal pages. */
export const SUPPORT_EMAIL = 'support@prospector.app';
