import { describe, expect, it } from 'vitest';
import { canContinue, completeAnswers, EMPTY_ANSWERS, type TOnboardingDraft } from './onboarding-answers.ts';

const draft = (answers: Partial<TOnboardingDraft>): TOnboardingDraft => ({ ...EMPTY_ANSWERS, ...answers });

describe('onboarding Next rules (docs/product.md §5)', () => {
  it('step 1 needs both business type and company size', () => {
    expect(canContinue(1, draft({}))).toBe(false);
    expect(canContinue(1, draft({ businessType: 'saas' }))).toBe(false);
    expect(canContinue(1, draft({ companySize: '2-10' }))).toBe(false);
    expect(canContinue(1, draft({ businessType: 'saas', companySize: '2-10' }))).toBe(true);
  });

  it('step 2 needs both how found and industry', () => {
    expect(canContinue(2, draft({ howFoundUs: 'google' }))).toBe(false);
    expect(canContinue(2, draft({ industry: 'finance' }))).toBe(false);
    expect(canContinue(2, draft({ howFoundUs: 'google', industry: 'finance' }))).toBe(true);
  });

  it('step 3 needs at least one goal; current tools are optional', () => {
    expect(canContinue(3, draft({ currentTools: ['HubSpot'] }))).toBe(false);
    expect(canContinue(3, draft({ marketingGoals: ['Lead Generation'] }))).toBe(true);
  });

  it('step 4 needs a budget range', () => {
    expect(canContinue(4, draft({}))).toBe(false);
    expect(canContinue(4, draft({ monthlyBudgetRange: '1k-5k' }))).toBe(true);
  });

  it('there is no step beyond 4', () => {
    expect(canContinue(5, draft({ monthlyBudgetRange: '1k-5k' }))).toBe(false);
  });

  it('completeAnswers gives the request body only when every required answer is there', () => {
    const full = draft({
      businessType: 'saas',
      companySize: '2-10',
      howFoundUs: 'google',
      industry: 'finance',
      marketingGoals: ['Lead Generation'],
      monthlyBudgetRange: '1k-5k',
    });
    expect(completeAnswers(full)).toEqual({ ...full, currentTools: [] });
    expect(completeAnswers({ ...full, marketingGoals: [] })).toBeUndefined();
    expect(completeAnswers({ ...full, monthlyBudgetRange: undefined })).toBeUndefined();
  });
});
