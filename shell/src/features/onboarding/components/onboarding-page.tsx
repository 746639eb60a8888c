import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  Progress,
  Spinner,
  toast,
} from '@prospector/ui';
import { useState } from 'react';
import { ProductLogo } from '../../../components/product-logo.tsx';
import { useCompleteOnboarding } from '../api/complete-onboarding.ts';
import { useSkipOnboarding } from '../api/skip-onboarding.ts';
import {
  canContinue,
  completeAnswers,
  EMPTY_ANSWERS,
  ONBOARDING_STEPS,
  type TOnboardingDraft,
} from '../onboarding-answers.ts';
import {
  BUDGET_RANGES,
  BUSINESS_TYPES,
  COMPANY_SIZES,
  CURRENT_TOOLS,
  GOALS,
  HOW_FOUND,
  INDUSTRIES,
} from '../onboarding-options.ts';
import { OptionChoices } from './option-choices.tsx';

const STEP_TITLES = ['About your business', 'How you found us', 'Your goals', 'Your budget'] as const;

type TSingleKey = 'businessType' | 'companySize' | 'howFoundUs' | 'industry' | 'monthlyBudgetRange';
type TListKey = 'marketingGoals' | 'currentTools';

/** docs/product.md §8 "Onboarding". */
export const ONBOARDING_ERRORS = {
  complete: {
    title: 'Setup Error',
    description: 'There was an issue completing your setup. Please try again.',
  },
  skip: { title: 'Error', description: 'There was an issue skipping the setup. Please try again.' },
} as const;

/**
 * The four-step wizard of docs/product.md §2, shown by the route guard until onboarding is completed. Answers
 * are kept locally while stepping; Complete Setup or Skip saves, and the updated profile lets the
 * guard show the page the user asked for.
 */
export function OnboardingPage() {
  const [step, setStep] = useState(1);
  const [answers, setAnswers] = useState<TOnboardingDraft>(EMPTY_ANSWERS);
  const complete = useCompleteOnboarding();
  const skip = useSkipOnboarding();
  const saving = complete.isPending || skip.isPending;
  const choose = (key: TSingleKey) => (value: string) =>
    setAnswers((current) => ({ ...current, [key]: value }));
  const toggle = (key: TListKey) => (value: string) =>
    setAnswers((current) => {
      const list: readonly string[] = current[key];
      return {
        ...current,
        [key]: list.includes(value) ? list.filter((item) => item !== value) : [...list, value],
      };
    });
  const single = (value: string | undefined) => (value ? [value] : []);

  const onComplete = () => {
    const body = completeAnswers(answers);
    if (!body) return;
    complete.mutate(body, {
      onError: () =>
        toast.error(ONBOARDING_ERRORS.complete.title, {
          description: ONBOARDING_ERRORS.complete.description,
        }),
    });
  };
  const onSkip = () =>
    skip.mutate(undefined, {
      onError: () =>
        toast.error(ONBOARDING_ERRORS.skip.title, { description: ONBOARDING_ERRORS.skip.description }),
    });

  return (
    <main className="flex min-h-screen flex-col items-center bg-muted/40 px-4 py-8">
      <div className="flex w-full max-w-2xl flex-col gap-6">
        <ProductLogo />
        <Card>
          <CardHeader className="gap-3">
            <div className="flex items-center justify-between text-sm text-muted-foreground">
              <span>
                Step {step} of {ONBOARDING_STEPS}
              </span>
              <span>{Math.round((step / ONBOARDING_STEPS) * 100)}%</span>
            </div>
            <Progress value={step} max={ONBOARDING_STEPS} aria-label="Setup progress" />
            <CardTitle className="mt-2 text-xl">
              <h1>{STEP_TITLES[step - 1]}</h1>
            </CardTitle>
            <CardDescription>
              A few questions so we can tailor Prospector to the way you work.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-6">
            {step === 1 && (
              <>
                <OptionChoices
                  legend="What type of business are you?"
                  name="business_type"
                  type="radio"
                  options={BUSINESS_TYPES}
                  selected={single(answers.businessType)}
                  onToggle={choose('businessType')}
                />
                <OptionChoices
                  legend="How big is your team?"
                  name="company_size"
                  type="radio"
                  options={COMPANY_SIZES}
                  selected={single(answers.companySize)}
                  onToggle={choose('companySize')}
                />
              </>
            )}
            {step === 2 && (
              <>
                <OptionChoices
                  legend="How did you hear about us?"
                  name="how_found_us"
                  type="radio"
                  options={HOW_FOUND}
                  selected={single(answers.howFoundUs)}
                  onToggle={choose('howFoundUs')}
                />
                <OptionChoices
                  legend="Which industry are you in?"
                  name="industry"
                  type="radio"
                  options={INDUSTRIES}
                  selected={single(answers.industry)}
                  onToggle={choose('industry')}
                />
              </>
            )}
            {step === 3 && (
              <>
                <OptionChoices
                  legend="What do you want to achieve? Choose all that apply."
                  name="marketing_goals"
                  type="checkbox"
                  options={GOALS}
                  selected={answers.marketingGoals}
                  onToggle={toggle('marketingGoals')}
                />
                <OptionChoices
                  legend="Which tools do you use today?"
                  name="current_tools"
                  type="checkbox"
                  options={CURRENT_TOOLS}
                  selected={answers.currentTools}
                  onToggle={toggle('currentTools')}
                />
              </>
            )}
            {step === 4 && (
              <OptionChoices
                legend="What is your monthly marketing budget?"
                name="monthly_budget_range"
                type="radio"
                options={BUDGET_RANGES}
                selected={single(answers.monthlyBudgetRange)}
                onToggle={choose('monthlyBudgetRange')}
              />
            )}
          </CardContent>
          <CardFooter className="flex-wrap justify-between gap-2 border-t pt-6">
            <Button variant="ghost" onClick={onSkip} disabled={saving}>
              Skip
            </Button>
            <div className="flex gap-2">
              {step > 1 && (
                <Button variant="outline" onClick={() => setStep(step - 1)} disabled={saving}>
                  Back
                </Button>
              )}
              {step < ONBOARDING_STEPS ? (
                <Button disabled={!canContinue(step, answers)} onClick={() => setStep(step + 1)}>
                  Next
                </Button>
              ) : (
                <Button onClick={onComplete} disabled={saving || !canContinue(step, answers)}>
                  {complete.isPending ? <Spinner label="Saving your answers" /> : null}
                  Complete Setup
                </Button>
              )}
            </div>
          </CardFooter>
        </Card>
      </div>
    </main>
  );
}
