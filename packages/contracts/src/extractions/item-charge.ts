import type { TRunItem } from './runs.ts';

/**
 * Why an account of a run cost no credit (docs/product.md §2): its e-mail cannot receive mail
 * (`undeliverable`, never charged: a credit taken before the verdict came is refunded), it was paid for in
 * another run (`paid_in_another_run`), it gave no e-mail (`no_email`: no e-mail found, no data, opted out,
 * an error, cancelled or out of credits), or it is not done yet (`pending`).
 */
export const NOT_CHARGED_REASONS = ['undeliverable', 'paid_in_another_run', 'no_email', 'pending'] as const;
export type TNotChargedReason = (typeof NOT_CHARGED_REASONS)[number];

/** What the result card and the run's row say of an undeliverable e-mail. */
export const NOT_CHARGED_UNDELIVERABLE = 'Not charged — undeliverable';

export type TItemCharge = { charged: boolean; notChargedReason: TNotChargedReason | null };

/** Whether an account cost a credit, and if not, why; a pure reading of the item as it is now. */
export function itemChargeOf(
  item: Pick<TRunItem, 'status' | 'outcome' | 'creditsUsed' | 'emailCheck'>,
): TItemCharge {
  if (item.creditsUsed > 0) return { charged: true, notChargedReason: null };
  const notChargedReason: TNotChargedReason =
    item.emailCheck?.status === 'undeliverable'
      ? 'undeliverable'
      : item.status === 'pending'
        ? 'pending'
        : item.outcome === 'email_found'
          ? 'paid_in_another_run'
          : 'no_email';
  return { charged: false, notChargedReason };
}
