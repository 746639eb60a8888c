import {
  BILLING_RPC,
  extractionChargeReference,
  type TEmailCheck,
  type TRefundResponse,
} from '@prospector/contracts';
import { checkWithin } from '../email-check/email-checker.ts';
import { itemResult, type TItemResult } from './fetch-item-result.ts';
import { actorOfRun, type TRunActor } from './run-actor.ts';
import type { TRunDeps } from './run-deps.ts';
import type { TItemRow, TRunRow } from './run-reads.ts';

/**
 * A found e-mail is checked before it is charged (docs/architecture.md §14): an undeliverable one costs
 * nothing; one whose verdict is not in within the budget is charged now and checked to the end after
 * the item commits (`emailCheck` null: runs/finish-email-check.ts refunds it if it turns out
 * undeliverable).
 */
export async function checkAndCharge(
  deps: TRunDeps,
  run: TRunRow,
  item: TItemRow,
  found: TItemResult,
): Promise<TItemResult> {
  const email = found.profile?.public_email;
  if (!email) return charge(deps, run, item, found);
  const verdict = await checkWithin(deps.emailCheck.checker, email, deps.emailCheck.budgetMs);
  if (verdict?.status === 'undeliverable') {
    // An earlier delivery of this step may have charged before its verdict was in, then died.
    await refundCharge(deps, { actor: actorOfRun(run), runId: run.id, item, email, verdict });
    return { ...found, creditsUsed: 0, emailCheck: verdict };
  }
  const charged = await charge(deps, run, item, found);
  return charged.outcome === 'email_found' ? { ...charged, emailCheck: verdict } : charged;
}

/**
 * One credit for a found e-mail, keyed by the item: a repeated step is told the earlier charge. The hold
 * names the run's workspace, so the charge is the workspace's whoever started the run (and whether they
 * are still a member). Billing also keys the charge by the workspace's account, so an account another
 * run (or process) of the workspace already paid for costs nothing here. A refused charge (hold ended or used up) leaves the e-mail unpublished; billing
 * being unreachable throws, so the step is retried later instead of deciding anything.
 */
async function charge(
  deps: TRunDeps,
  run: TRunRow,
  item: TItemRow,
  found: TItemResult,
): Promise<TItemResult> {
  const answer = await deps.bus.request(BILLING_RPC.capture, {
    holdId: run.holdId,
    amount: 1,
    itemKey: extractionChargeReference(run.id, item.id, item.username),
  });
  if ('refused' in answer) {
    // The hold is gone, ended or used up: this e-mail is not delivered uncharged.
    return itemResult('insufficient_credits', `Insufficient credits for ${item.username}`);
  }
  if (answer.accountChargedBefore) {
    return { ...found, creditsUsed: 0, message: paidBeforeMessage(item.username) };
  }
  return { ...found, creditsUsed: 1 };
}

export const paidBeforeMessage = (username: string) =>
  `${username}'s e-mail was already paid for in another run: no credit used`;

/**
 * Gives back the credit the item's capture took, if it took one: billing refunds a capture once
 * (keyed by it), so asking again, or for an item never charged, changes nothing. Throws when billing
 * cannot answer, so the caller's job is retried.
 */
export function refundCharge(
  deps: Pick<TRunDeps, 'bus'>,
  input: {
    actor: TRunActor;
    runId: string;
    item: Pick<TItemRow, 'id' | 'username'>;
    email: string;
    verdict: TEmailCheck;
  },
): Promise<TRefundResponse> {
  return deps.bus.request(BILLING_RPC.refund, {
    userId: input.actor.userId,
    ownerKey: input.actor.ownerKey,
    chargeReference: extractionChargeReference(input.runId, input.item.id, input.item.username),
    email: input.email,
    reason: input.verdict.reason,
  });
}
