import { describe, expect, it } from 'vitest';
import { emailCheckOf } from './email-check.ts';
import { itemChargeOf } from './item-charge.ts';
import type { TRunItem } from './runs.ts';

const at = new Date('2026-11-23T10:00:00Z');
const item = (more: Partial<TRunItem>) => ({
  status: 'done' as const,
  outcome: 'email_found' as const,
  creditsUsed: 1,
  emailCheck: emailCheckOf('accepts_mail', at),
  ...more,
});

describe('itemChargeOf', () => {
  it.each<[string, Partial<TRunItem>, ReturnType<typeof itemChargeOf>]>([
    ['a deliverable e-mail', {}, { charged: true, notChargedReason: null }],
    [
      'a risky role address, still charged',
      { emailCheck: emailCheckOf('accept_all', at, { role: true }) },
      { charged: true, notChargedReason: null },
    ],
    [
      'an undeliverable e-mail',
      { creditsUsed: 0, emailCheck: emailCheckOf('no_mail_server', at) },
      { charged: false, notChargedReason: 'undeliverable' },
    ],
    [
      'an e-mail charged before its late verdict',
      { emailCheck: null },
      { charged: true, notChargedReason: null },
    ],
    [
      'an account paid for in another run',
      { creditsUsed: 0 },
      { charged: false, notChargedReason: 'paid_in_another_run' },
    ],
    [
      'no public e-mail',
      { outcome: 'no_email', creditsUsed: 0, emailCheck: null },
      { charged: false, notChargedReason: 'no_email' },
    ],
    [
      'out of credits',
      { outcome: 'insufficient_credits', creditsUsed: 0, emailCheck: null },
      { charged: false, notChargedReason: 'no_email' },
    ],
    [
      'not done yet',
      { status: 'pending', outcome: null, creditsUsed: 0, emailCheck: null },
      { charged: false, notChargedReason: 'pending' },
    ],
  ])('%s', (_, more, expected) => {
    expect(itemChargeOf(item(more))).toEqual(expected);
  });
});
