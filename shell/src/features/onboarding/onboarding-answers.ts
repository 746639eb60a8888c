/** What the wizard collects (spec §3 "User segmentation"). */
export type TOnboardingAnswers = {
  business_type?: string;
  company_size?: string;
  how_found_us?: string;
  industry?: string;
  marketing_goals: string[];
  current_tools: string[];
  monthly_budget_range?: string;
};

export const ONBOARDING_STEPS = 4;

export const EMPTY_ANSWERS: TOnboardingAnswers = { marketing_goals: [], current_tools: [] };

/** Spec §5 "Onboarding, Next enabled only when". Steps are numbered 1 to 4. */
export function canContinue(step: number, answers: TOnboardingAnswers): boolean {
  switch (step) {
    case 1:
      return Boolean(answers.business_type && answers.company_size);
    case 2:
      return Boolean(answers.how_found_us && answers.industry);
    case 3:
      return answers.marketing_goals.length > 0;
    case 4:
      return Boolean(answers.monthly_budget_range);
    default:
      return false;
  }
}
