import { subscriptionDisplayStatus } from '@prospector/web-data';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SubscriptionStatusBadge } from './subscription-status-badge.tsx';

const subscription = (subscribed: boolean, cancel_at_period_end = false) => ({
  subscribed,
  cancel_at_period_end,
});

describe('subscription display status (docs/product.md §4)', () => {
  it('is active when subscribed and not cancelling', () => {
    expect(subscriptionDisplayStatus(subscription(true), false)).toBe('active');
    expect(subscriptionDisplayStatus(subscription(true), true)).toBe('active');
  });

  it('is cancelled when subscribed with cancel_at_period_end', () => {
    expect(subscriptionDisplayStatus(subscription(true, true), false)).toBe('cancelled');
  });

  it('is expired when the trial expired and there is no subscription', () => {
    expect(subscriptionDisplayStatus(subscription(false), true)).toBe('expired');
  });

  it('is trial otherwise', () => {
    expect(subscriptionDisplayStatus(subscription(false), false)).toBe('trial');
  });

  it.each([
    ['active', 'Active'],
    ['cancelled', 'Cancelled'],
    ['expired', 'Expired'],
    ['trial', 'Trial'],
    ['past_due', 'Unknown'],
    [undefined, 'Unknown'],
  ])('badges %s as "%s"', (status, label) => {
    render(<SubscriptionStatusBadge status={status} />);
    expect(screen.getByTestId('subscription-status').textContent).toBe(label);
  });
});
