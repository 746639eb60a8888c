import { PLANS, planDisplayLabel, type TPaidPlanId } from '@prospector/contracts';
import { formatCredits, formatDate, formatPrice as price } from './format.ts';

/**
 * What Change Plan does, said before paying, as the billing service does it (services/billing/README.md,
 * "What Change Plan does with the replaced plan's period"): the new plan starts at once with its full
 * credits and its own monthly period; the current one is cancelled at once, with no refund and no
 * proration; credits already granted stay.
 */
export function planChangeExplanation({
  current,
  next,
  availableCredits,
  renewsOn,
}: {
  current: TPaidPlanId;
  next: TPaidPlanId;
  availableCredits: number | undefined;
  /** When the current plan would have renewed; null when unknown. */
  renewsOn: string | null;
}): { title: string; lines: string[] } {
  const nextPlan = PLANS[next];
  return {
    title: `Change to the ${planDisplayLabel(next)}?`,
    lines: [
      `Your ${planDisplayLabel(current)} ends as soon as you pay: it is cancelled at once, with no refund and no proration for its remaining days${renewsOn ? ` (it would renew on ${formatDate(renewsOn)})` : ''}.`,
      availableCredits === undefined
        ? 'The credits you have stay yours: credits do not expire.'
        : `Your ${formatCredits(availableCredits)} remaining credits stay yours: credits do not expire.`,
      `The ${planDisplayLabel(next)} starts today at ${price(nextPlan.priceCents)} a month, with ${formatCredits(nextPlan.credits)} credits now and at each monthly renewal.`,
    ],
  };
}
