import { planFromState } from '@prospector/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plansView, renderAt, stubApi } from '../../../testing/render-remote.tsx';
import { TrialExpiredPlans } from './trial-expired-plans.tsx';

/** Stands in for /pricing: shows the router state it is given and what the pricing screen reads from it. */
function PricingStateProbe() {
  const state = useLocation().state;
  return (
    <>
      <output data-testid="pricing-state">{JSON.stringify(state)}</output>
      <output data-testid="pricing-selected">{planFromState(state) ?? 'none'}</output>
    </>
  );
}

describe('TrialExpiredPlans (docs/product.md §2 "Trial expired screen")', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the three paid plans from the plans view', async () => {
    stubApi({ '/api/marketing/plans': plansView() });
    renderAt('/dashboard', '/dashboard', <TrialExpiredPlans />);
    const choose = await screen.findAllByRole('button', { name: /^Choose/ });
    expect(choose.map((button) => button.textContent)).toEqual([
      'Choose Starter',
      'Choose Professional',
      'Choose Enterprise',
    ]);
    expect(screen.getByText('$47')).toBeTruthy();
    expect(screen.getByText('$87')).toBeTruthy();
    expect(screen.getByText('$157')).toBeTruthy();
  });

  it.each([
    ['Choose Starter', 'starter'],
    ['Choose Professional', 'professional'],
    ['Choose Enterprise', 'enterprise'],
  ])('%s goes to /pricing with selectedPlan "%s", as the pricing screen reads it', async (name, plan) => {
    stubApi({ '/api/marketing/plans': plansView() });
    renderAt('/dashboard', '/dashboard', <TrialExpiredPlans />, { '/pricing': <PricingStateProbe /> });
    const button = await screen.findByRole('button', { name });
    await act(async () => void fireEvent.click(button));
    expect(screen.getByTestId('location').textContent).toBe('/pricing');
    expect(JSON.parse(screen.getByTestId('pricing-state').textContent ?? 'null')).toEqual({
      selectedPlan: plan,
    });
    expect(screen.getByTestId('pricing-selected').textContent).toBe(plan);
  });
});
