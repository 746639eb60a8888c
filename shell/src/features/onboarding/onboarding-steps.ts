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

// The field name is the answer's key in snake case (`businessType` → `business_type`).
const fieldName = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const radio = (key: TSingleKey, legend: string, options: readonly TOption[]) =>
  ({ type: 'radio', key, legend, name: fieldName(key), options }) as const;
const checkboxes = (key: TListKey, legend: string, options: readonly TOption[]) =>
  ({ type: 'checkbox', key, legend, name: fieldName(key), options }) as const;

/** docs/product.md §2 "Onboarding": the wizard's four steps, in order, with their questions. */
export const ONBOARDING_STEP_CONTENT: readonly {
  title: string;
  questions: readonly TOnboardingQuestion[];
}[] = [
  {
    title: 'About your business',
    questions: [
      radio('businessType', 'What type of business are you?', BUSINESS_TYPES),
      radio('companySize', 'How big is your team?', COMPANY_SIZES),
    ],
  },
  {
    title: 'How you found us',
    questions: [
      radio('howFoundUs', 'How did you hear about us?', HOW_FOUND),
      radio('industry', 'Which industry are you in?', INDUSTRIES),
    ],
  },
  {
    title: 'Your goals',
    questions: [
      checkboxes('marketingGoals', 'What do you want to achieve? Choose all that apply.', GOALS),
      checkboxes('currentTools', 'Which tools do you use today?', CURRENT_TOOLS),
    ],
  },
  {
    title: 'Your budget',
    questions: [radio('monthlyBudgetRange', 'What is your monthly marketing budget?', BUDGET_RANGES)],
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
