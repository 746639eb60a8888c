import { ONBOARDING_STEPS } from '@prospector/contracts';
import { Button, Progress, SectionCard, Spinner, toast } from '@prospector/ui';
import { useState } from 'react';
import { ProductLogo } from '../../../components/product-logo.tsx';
import { useCompleteOnboarding } from '../api/complete-onboarding.ts';
import { useSkipOnboarding } from '../api/skip-onboarding.ts';
import { canContinue, completeAnswers, EMPTY_ANSWERS, type TOnboardingDraft } from '../onboarding-answers.ts';
import { answer, chosen, ONBOARDING_STEP_CONTENT } from '../onboarding-steps.ts';
import { OptionChoices } from './option-choices.tsx';

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

  const onComplete = () => {
    const body = completeAnswers(answers);
    if (!body) return;
    complete.mutate(body, {
      // The failure toasts are docs/product.md §8 "Onboarding".
      onError: () =>
        toast.error('Setup Error', {
          description: 'There was an issue completing your setup. Please try again.',
        }),
    });
  };
  const onSkip = () =>
    skip.mutate(undefined, {
      onError: () =>
        toast.error('Error', { description: 'There was an issue skipping the setup. Please try again.' }),
    });

  return (
    <main className="flex min-h-screen flex-col items-center bg-muted/40 px-4 py-8">
      <div className="flex w-full max-w-2xl flex-col gap-6">
        <ProductLogo />
        <SectionCard
          headerClassName="gap-3"
          aboveTitle={
            <>
              <div className="flex items-center justify-between text-sm text-muted-foreground">
                <span>
                  Step {step} of {ONBOARDING_STEPS}
                </span>
                <span>{Math.round((step / ONBOARDING_STEPS) * 100)}%</span>
              </div>
              <Progress value={step} max={ONBOARDING_STEPS} aria-label="Setup progress" />
            </>
          }
          heading="h1"
          title={ONBOARDING_STEP_CONTENT[step - 1]?.title}
          description="A few questions so we can tailor Prospector to the way you work."
          contentClassName="flex flex-col gap-6"
          footerClassName="flex-wrap justify-between gap-2 border-t pt-6"
          footer={
            <>
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
            </>
          }
        >
          {ONBOARDING_STEP_CONTENT[step - 1]?.questions.map((question) => (
            <OptionChoices
              key={question.name}
              legend={question.legend}
              name={question.name}
              type={question.type}
              options={question.options}
              selected={chosen(answers, question)}
              onToggle={(value) => setAnswers((current) => answer(current, question, value))}
            />
          ))}
        </SectionCard>
      </div>
    </main>
  );
}
