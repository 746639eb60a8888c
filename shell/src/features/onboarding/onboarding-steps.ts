import type { TOnboardingDraft } from './onboarding-answers.ts';
import {
  BUDGET_RANGES,
  BUSINESS_TYPES,
  COMPANY_SIZES,
  CURRENT_TOOLS,
  GOALS,
  HOW_FOUND,
  INDUSTRIES,
  type TOption,
} from './onboarding-options.ts';

type TSingleKey = 'businessType' | 'companySize' | 'howFoundUs' | 'industry' | 'monthlyBudgetRange';
type TListKey = 'marketingGoals' | 'currentTools';
type TQuestionBase = { legend: string; name: string; options: readonly TOption[] };

/** A question of the wizard: one choice (radio) or any number of them (checkbox). */
export type TOnboardingQuestion =
  | (TQuestionBase & { type: 'radio'; key: TSingleKey })
  | (TQuestionBase & { type: 'checkbox'; key: TListKey });

/** docs/product.md §2 "Onboarding": the wizard's four steps, in order, with their questions. */
export const ONBOARDING_STEP_CONTENT: readonly {
  title: string;
  questions: readonly TOnboardingQuestion[];
}[] = [
  {
    title: 'About your business',
    questions: [
      {
        type: 'radio',
        key: 'businessType',
        legend: 'What type of business are you?',
        name: 'business_type',
        options: BUSINESS_TYPES,
      },
      {
        type: 'radio',
        key: 'companySize',
        legend: 'How big is your team?',
        name: 'company_size',
        options: COMPANY_SIZES,
      },
    ],
  },
  {
    title: 'How you found us',
    questions: [
      {
        type: 'radio',
        key: 'howFoundUs',
        legend: 'How did you hear about us?',
        name: 'how_found_us',
        options: HOW_FOUND,
      },
      {
        type: 'radio',
        key: 'industry',
        legend: 'Which industry are you in?',
        name: 'industry',
        options: INDUSTRIES,
      },
    ],
  },
  {
    title: 'Your goals',
    questions: [
      {
        type: 'checkbox',
        key: 'marketingGoals',
        legend: 'What do you want to achieve? Choose all that apply.',
        name: 'marketing_goals',
        options: GOALS,
      },
      {
        type: 'checkbox',
        key: 'currentTools',
        legend: 'Which tools do you use today?',
        name: 'current_tools',
        options: CURRENT_TOOLS,
      },
    ],
  },
  {
    title: 'Your budget',
    questions: [
      {
        type: 'radio',
        key: 'monthlyBudgetRange',
        legend: 'What is your monthly marketing budget?',
        name: 'monthly_budget_range',
        options: BUDGET_RANGES,
      },
    ],
  },
];

/** The draft with a question's answer changed: a choice replaces, a list toggles the value. */
export function answer(
  draft: TOnboardingDraft,
  question: TOnboardingQuestion,
  value: string,
): TOnboardingDraft {
  if (question.type === 'radio') return { ...draft, [question.key]: value };
  const list: readonly string[] = draft[question.key];
  return {
    ...draft,
    [question.key]: list.includes(value) ? list.filter((item) => item !== value) : [...list, value],
  };
}

/** What a question shows as chosen. */
export function chosen(draft: TOnboardingDraft, question: TOnboardingQuestion): readonly string[] {
  if (question.type === 'checkbox') return draft[question.key];
  const value = draft[question.key];
  return value ? [value] : [];
}
