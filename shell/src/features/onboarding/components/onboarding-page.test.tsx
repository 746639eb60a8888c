import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeProfile, json, stubApi, type TFakeRoute } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const failing = () => json({ error: { code: 'INTERNAL', message: 'database down' } }, 500);
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const pick = (label: string) => fireEvent.click(screen.getByLabelText(label));

async function openWizard(routes: Record<string, TFakeRoute> = {}) {
  const api = stubApi({ profile: fakeProfile({ onboardingCompleted: false }), routes });
  await renderApp('/dashboard');
  await screen.findByRole('heading', { level: 1, name: 'About your business' });
  return api;
}

/** Answers every step up to the last one, checking Next stays disabled until each step is valid. */
function answerSteps() {
  expect(button('Next').disabled).toBe(true);
  pick('SaaS');
  expect(button('Next').disabled).toBe(true);
  pick('2–10 people');
  expect(button('Next').disabled).toBe(false);
  fireEvent.click(button('Next'));

  screen.getByRole('heading', { level: 1, name: 'How you found us' });
  expect(button('Next').disabled).toBe(true);
  pick('Google search');
  expect(button('Next').disabled).toBe(true);
  pick('Finance');
  fireEvent.click(button('Next'));

  screen.getByRole('heading', { level: 1, name: 'Your goals' });
  pick('HubSpot');
  expect(button('Next').disabled).toBe(true);
  pick('Lead Generation');
  fireEvent.click(button('Next'));

  screen.getByRole('heading', { level: 1, name: 'Your budget' });
  expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  expect(button('Complete Setup').disabled).toBe(true);
  pick('$1,000 – $5,000');
  expect(button('Complete Setup').disabled).toBe(false);
}

describe('onboarding wizard (docs/product.md §2, §4, §5, §8)', () => {
  it('Back is offered from step 2 and keeps the answers', async () => {
    await openWizard();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(screen.getByText('Step 1 of 4')).toBeTruthy();
    pick('SaaS');
    pick('2–10 people');
    fireEvent.click(button('Next'));
    expect(screen.getByText('Step 2 of 4')).toBeTruthy();

    fireEvent.click(button('Back'));
    expect(screen.getByRole('heading', { level: 1, name: 'About your business' })).toBeTruthy();
    expect((screen.getByLabelText('SaaS') as HTMLInputElement).checked).toBe(true);
    expect(button('Next').disabled).toBe(false);
  });

  it('Complete Setup sends the answers and continues to the page asked for', async () => {
    const api = await openWizard({
      '/api/account/onboarding': () => json(fakeProfile({ onboardingCompleted: true })),
    });
    answerSteps();
    fireEvent.click(button('Complete Setup'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to your dashboard' })).toBeTruthy();
    const [, init] = api.mock.calls.find(([url]) => String(url) === '/api/account/onboarding') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      businessType: 'saas',
      companySize: '2-10',
      howFoundUs: 'google',
      industry: 'finance',
      marketingGoals: ['Lead Generation'],
      currentTools: ['HubSpot'],
      monthlyBudgetRange: '1k-5k',
    });
  });

  it('a failed Complete Setup shows "Setup Error" and keeps the wizard', async () => {
    await openWizard({ '/api/account/onboarding': failing });
    answerSteps();
    fireEvent.click(button('Complete Setup'));
    expect(await screen.findByText('Setup Error')).toBeTruthy();
    expect(screen.getByText('There was an issue completing your setup. Please try again.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Your budget' })).toBeTruthy();
    await vi.waitFor(() => expect(button('Complete Setup').disabled).toBe(false));
  });

  it('a failed Skip shows "Error" and keeps the wizard', async () => {
    await openWizard({ '/api/account/onboarding/skip': failing });
    fireEvent.click(button('Skip'));
    expect(await screen.findByText('There was an issue skipping the setup. Please try again.')).toBeTruthy();
    expect(screen.getByText('Error', { exact: true })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'About your business' })).toBeTruthy();
  });

  it('Skip continues to the page asked for', async () => {
    await openWizard({
      '/api/account/onboarding/skip': () => json(fakeProfile({ onboardingCompleted: true })),
    });
    fireEvent.click(button('Skip'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to your dashboard' })).toBeTruthy();
  });
});
