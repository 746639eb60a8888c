import type { TOnboardingAnswers } from '@prospector/contracts';

/** What the wizard holds while stepping: single choices may still be unset (docs/product.md §3 segmentation). */
export type TOnboardingDraft = Partial<Omit<TOnboardingAnswers, 'marketingGoals' | 'currentTools'>> & {
  marketingGoals: TOnboardingAnswers['marketingGoals'];
  currentTools: TOnboardingAnswers['currentTools'];
};

export const EMPTY_ANSWERS: TOnboardingDraft = { marketingGoals: [], currentTools: [] };

/** docs/product.md §5 "Onboarding, Next enabled only when". Steps are numbered 1 to 4. */
export function canContinue(step: number, answers: TOnboardingDraft): boolean {
  switch (step) {
    case 1:
      return Boolean(answers.businessType && answers.companySize);
    case 2:
      return Boolean(answers.howFoundUs && answers.industry);
    case 3:
      return answers.marketingGoals.length > 0;
    case 4:
      return Boolean(answers.monthlyBudgetRange);
    default:
      return false;
  }
}

/** The complete answers once step 4 allows Complete Setup, otherwise undefined. */
export function completeAnswers(answers: TOnboardingDraft): TOnboardingAnswers | undefined {
  const { businessType, companySize, howFoundUs, industry, monthlyBudgetRange } = answers;
  if (!businessType || !companySize || !howFoundUs || !industry || !monthlyBudgetRange) return undefined;
  if (answers.marketingGoals.length === 0) return undefined;
  return { ...answers, businessType, companySize, howFoundUs, industry, monthlyBudgetRange };
}
