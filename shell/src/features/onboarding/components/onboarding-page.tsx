import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  Progress,
} from '@prospector/ui';
import { useState } from 'react';
import { ProductLogo } from '../../../components/product-logo.tsx';
import {
  canContinue,
  EMPTY_ANSWERS,
  ONBOARDING_STEPS,
  type TOnboardingAnswers,
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

type TSingleKey = 'business_type' | 'company_size' | 'how_found_us' | 'industry' | 'monthly_budget_range';
type TListKey = 'marketing_goals' | 'current_tools';

const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/**
 * The four-step wizard of spec §2. Answers are kept locally while stepping; Complete Setup and Skip
 * save through the account service once it is wired.
 */
export function OnboardingPage() {
  const [step, setStep] = useState(1);
  const [answers, setAnswers] = useState<TOnboardingAnswers>(EMPTY_ANSWERS);
  const choose = (key: TSingleKey) => (value: string) =>
    setAnswers((current) => ({ ...current, [key]: value }));
  const toggle = (key: TListKey) => (value: string) =>
    setAnswers((current) => ({
      ...current,
      [key]: current[key].includes(value)
        ? current[key].filter((item) => item !== value)
        : [...current[key], value],
    }));
  const single = (value: string | undefined) => (value ? [value] : []);

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
                  selected={single(answers.business_type)}
                  onToggle={choose('business_type')}
                />
                <OptionChoices
                  legend="How big is your team?"
                  name="company_size"
                  type="radio"
                  options={COMPANY_SIZES}
                  selected={single(answers.company_size)}
                  onToggle={choose('company_size')}
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
                  selected={single(answers.how_found_us)}
                  onToggle={choose('how_found_us')}
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
                  options={asOptions(GOALS)}
                  selected={answers.marketing_goals}
                  onToggle={toggle('marketing_goals')}
                />
                <OptionChoices
                  legend="Which tools do you use today?"
                  name="current_tools"
                  type="checkbox"
                  options={asOptions(CURRENT_TOOLS)}
                  selected={answers.current_tools}
                  onToggle={toggle('current_tools')}
                />
              </>
            )}
            {step === 4 && (
              <OptionChoices
                legend="What is your monthly marketing budget?"
                name="monthly_budget_range"
                type="radio"
                options={BUDGET_RANGES}
                selected={single(answers.monthly_budget_range)}
                onToggle={choose('monthly_budget_range')}
              />
            )}
          </CardContent>
          <CardFooter className="flex-wrap justify-between gap-2 border-t pt-6">
            <Button variant="ghost" disabled>
              Skip
            </Button>
            <div className="flex gap-2">
              {step > 1 && (
                <Button variant="outline" onClick={() => setStep(step - 1)}>
                  Back
                </Button>
              )}
              {step < ONBOARDING_STEPS ? (
                <Button disabled={!canContinue(step, answers)} onClick={() => setStep(step + 1)}>
                  Next
                </Button>
              ) : (
                <Button disabled>Complete Setup</Button>
              )}
            </div>
          </CardFooter>
        </Card>
      </div>
    </main>
  );
}
