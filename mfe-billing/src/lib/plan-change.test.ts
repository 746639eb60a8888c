import { describe, expect, it } from 'vitest';
import { planChangeExplanation } from './plan-change.ts';

describe('planChangeExplanation', () => {
  it('says what happens to the current plan, its credits and the price, as billing does it', () => {
    expect(
      planChangeExplanation({
        current: 'package_1',
        next: 'package_2',
        availableCredits: 1_234,
        renewsOn: '2026-12-26T10:00:00.000Z',
      }),
    ).toEqual({
      title: 'Change to the Professional Plan?',
      lines: [
        'Your Starter Plan ends as soon as you pay: it is cancelled at once, with no refund and no proration for its remaining days (it would renew on December 26, 2026).',
        'Your 1,234 remaining credits stay yours: credits do not expire.',
        'The Professional Plan starts today at $87.00 a month, with 10,000 credits now and at each monthly renewal.',
      ],
    });
  });

  it('leaves out what it does not know', () => {
    const { lines } = planChangeExplanation({
      current: 'package_3',
      next: 'package_1',
      availableCredits: undefined,
      renewsOn: null,
    });
    expect(lines[0]).toBe(
      'Your Enterprise Plan ends as soon as you pay: it is cancelled at once, with no refund and no proration for its remaining days.',
    );
    expect(lines[1]).toBe('The credits you have stay yours: credits do not expire.');
  });
});
