import { z } from 'zod';
import { ZCreditBalanceSchema } from './credits.ts';

/**
 * Request/reply subjects the billing service answers for other services (the extractor). They lie
 * outside every stream (`billing.>` belongs to the BILLING stream), so nothing stores the requests.
 */
export const BILLING_RPC = {
  hold: 'rpc.billing.hold',
  capture: 'rpc.billing.capture',
  release: 'rpc.billing.release',
  /** Push an active hold's lease out while its run is still working. */
  extend: 'rpc.billing.extend',
  balance: 'rpc.billing.balance',
  /** Give back the credit an extraction charge took for an e-mail that cannot receive mail. */
  refund: 'rpc.billing.refund',
  /** The credits a user's extractions have cost, from the ledger (the Database page's "Credits Used"). */
  creditsUsed: 'rpc.billing.credits-used',
  /**
   * Move credits between two workspaces of one owner (agency client spaces). Asked only by the account
   * service, after it has checked that the user owns both (billing cannot see memberships).
   */
  transfer: 'rpc.billing.transfer',
} as const;

const count = z.number().int().min(0);
const userId = z.string().min(1);
/**
 * The workspace whose credits move (docs/architecture.md "Workspaces"); `userId` is then the member who
 * acts. Absent from a caller written before workspaces: the user's personal workspace (`ownerKeyOfRequest`).
 */
const ownerKey = z.string().min(1).optional();
const leaseMs = z
  .number()
  .int()
  .min(1)
  .max(24 * 60 * 60 * 1000);

export const HOLD_STATUSES = ['active', 'released', 'expired'] as const;

/** Reserve `amount` credits for a run for `leaseMs`; a second request for the same run returns its hold. */
export const ZHoldRequestSchema = z.object({
  userId,
  ownerKey,
  amount: z.number().int().min(1),
  runId: z.string().min(1),
  leaseMs,
  /**
   * How long the caller waits for the answer. A hold billing could not make by then (its account row
   * busy, billing slow) is refused, not made late: the caller has given up and would never write the
   * run, and the credits would stay held until the lease ran out.
   */
  answerWithinMs: z.number().int().min(1).optional(),
  /**
   * The member's name, for the words of a refused hold past their monthly limit ("Anna has 3 of 50
   * credits left this month"); without it, "This member".
   */
  memberName: z.string().min(1).max(200).optional(),
});
export type THoldRequest = z.infer<typeof ZHoldRequestSchema>;

export const ZHoldSchema = z.object({
  holdId: z.uuid(),
  userId,
  runId: z.string(),
  amount: count,
  captured: count,
  status: z.enum(HOLD_STATUSES),
  expiresAt: z.iso.datetime(),
});
export type THold = z.infer<typeof ZHoldSchema>;

/**
 * A hold or capture the credits cannot cover: `needed` credits asked for, `available` to take them from
 * (the user's available credits for a hold, what the hold can still capture for a capture).
 */
export const ZInsufficientRefusalSchema = z.object({
  refused: z.literal('insufficient'),
  needed: count,
  available: count,
});

export const ZHeldSchema = z.object({ hold: ZHoldSchema, balance: count, available: count });
export type THeld = z.infer<typeof ZHeldSchema>;

/**
 * A hold that would take the member past the monthly limit an admin set them: `available` is what the
 * limit leaves (`needed` the hold's amount, as for `insufficient`), and `message` the words to show,
 * "{name} has {left} of {limit} credits left this month".
 */
export const ZMemberLimitRefusalSchema = z.object({
  refused: z.literal('member_limit'),
  needed: count,
  available: count,
  limit: count,
  message: z.string(),
});

/**
 * The hold, or the ledger's refusal as data (the caller words `insufficient`: "You need n credits but
 * only have m"; `member_limit` carries its own message).
 */
export const ZHoldResponseSchema = z.union([
  ZHeldSchema,
  ZInsufficientRefusalSchema,
  ZMemberLimitRefusalSchema,
]);
export type THoldResponse = z.infer<typeof ZHoldResponseSchema>;

/** Charge credits from a hold for one item (the run item id); the same `itemKey` charges once. */
export const ZCaptureRequestSchema = z.object({
  holdId: z.uuid(),
  amount: z.number().int().min(1).default(1),
  itemKey: z.string().min(1),
});
export type TCaptureRequest = z.input<typeof ZCaptureRequestSchema>;

export const ZCapturedSchema = z.object({
  transactionId: z.uuid(),
  /** False when nothing was charged this time: this `itemKey`, or its account, was charged before. */
  charged: z.boolean(),
  /**
   * True when another capture (another run, item or process) had already paid for this extraction's
   * account: `transactionId` is that earlier charge, and this item costs nothing.
   */
  accountChargedBefore: z.boolean().default(false),
  balance: count,
  available: count,
  /** What the hold can still capture. */
  holdRemaining: count,
});
export type TCaptured = z.infer<typeof ZCapturedSchema>;

/**
 * Why a capture charged nothing and never will: the hold does not exist, has ended (released or its
 * lease ran out), or cannot cover the amount.
 */
export const ZCaptureRefusalSchema = z.discriminatedUnion('refused', [
  z.object({ refused: z.literal('hold_not_found') }),
  z.object({ refused: z.literal('hold_ended'), status: z.enum(HOLD_STATUSES) }),
  ZInsufficientRefusalSchema,
]);

export const ZCaptureResponseSchema = z.union([ZCapturedSchema, ZCaptureRefusalSchema]);
export type TCaptureResponse = z.infer<typeof ZCaptureResponseSchema>;

/** Give back what a hold did not capture; releasing twice releases once. */
export const ZReleaseRequestSchema = z.object({ holdId: z.uuid() });

export const ZReleaseResponseSchema = z.object({
  hold: ZHoldSchema,
  /** Credits this call gave back (0 when the hold had already ended). */
  released: count,
  balance: count,
  available: count,
});
export type TReleaseResponse = z.infer<typeof ZReleaseResponseSchema>;

/**
 * The hold stays active for `leaseMs` from now (never shorter than it already was). An ended hold is
 * not revived: the reply says its status, and the run learns that its captures will be refused.
 */
export const ZExtendHoldRequestSchema = z.object({ holdId: z.uuid(), leaseMs });
export type TExtendHoldRequest = z.infer<typeof ZExtendHoldRequestSchema>;
export const ZExtendHoldResponseSchema = z.object({ hold: ZHoldSchema });
export type TExtendHoldResponse = z.infer<typeof ZExtendHoldResponseSchema>;

export const ZBalanceRequestSchema = z.object({ userId, ownerKey });
export const ZBalanceResponseSchema = ZCreditBalanceSchema;
export type TBalanceResponse = z.infer<typeof ZBalanceResponseSchema>;

/**
 * What the ledger charged the user's extractions, net of refunds: every capture (a run's or a re-check's)
 * less every refund of an undeliverable e-mail. Counted once per charge, however many runs or saved
 * records share the account, and still counting records removed since (an opt-out, the retention sweep).
 */
export const ZCreditsUsedRequestSchema = z.object({ userId, ownerKey });
export const ZCreditsUsedResponseSchema = z.object({ creditsUsed: count });
export type TCreditsUsedResponse = z.infer<typeof ZCreditsUsedResponseSchema>;

/**
 * Refund the capture whose item key is `chargeReference` (an extraction charge reference), because the
 * e-mail it paid for is undeliverable. At most one refund per capture, whoever asks and however often:
 * the ledger row's idempotency key is derived from the capture's transaction (`refund:<id>`).
 */
export const ZRefundRequestSchema = z.object({
  userId,
  ownerKey,
  chargeReference: z.string().min(1).max(500),
  /** The address and why it cannot receive mail, for the credit history's words. */
  email: z.string().min(1).max(320),
  reason: z.string().min(1).max(300),
});
export type TRefundRequest = z.infer<typeof ZRefundRequestSchema>;

/**
 * `refunded`: this call gave the credit back; `duplicate`: an earlier call had (nothing more given);
 * `not_charged`: no capture of the user has that reference (nothing to give back).
 */
export const REFUND_OUTCOMES = ['refunded', 'duplicate', 'not_charged'] as const;
export const ZRefundResponseSchema = z.object({
  outcome: z.enum(REFUND_OUTCOMES),
  /** The refund's ledger row (null when not charged). */
  transactionId: z.uuid().nullable(),
  /** Credits given back by this refund (0 when not charged). */
  amount: count,
  balance: count,
  available: count,
});
export type TRefundResponse = z.infer<typeof ZRefundResponseSchema>;

/**
 * Move `amount` credits from one workspace to another, both owned by `userId` (the account service has
 * checked it). One ledger row on each side under the same `transferId`, in one transaction; the same
 * `transferId` moves once however often it is asked.
 */
export const ZTransferRequestSchema = z.object({
  userId,
  transferId: z.uuid(),
  fromOwnerKey: z.string().min(1),
  toOwnerKey: z.string().min(1),
  amount: z.number().int().min(1),
});
export type TTransferRequest = z.infer<typeof ZTransferRequestSchema>;

const ZWorkspaceBalanceSchema = z.object({ ownerKey: z.string(), balance: count, available: count });
export const ZTransferredSchema = z.object({
  transferId: z.uuid(),
  /** False when this `transferId` had already moved the credits: nothing moved this time. */
  moved: z.boolean(),
  amount: count,
  from: ZWorkspaceBalanceSchema,
  to: ZWorkspaceBalanceSchema,
});
/** A transfer larger than the source's available credits: refused, nothing moved, with the words to show. */
export const ZTransferRefusalSchema = z.object({
  refused: z.literal('insufficient'),
  needed: count,
  available: count,
  message: z.string(),
});
export const ZTransferResponseSchema = z.union([ZTransferredSchema, ZTransferRefusalSchema]);
export type TTransferResponse = z.infer<typeof ZTransferResponseSchema>;

export const TRANSFER_MESSAGES = {
  sameWorkspace: 'Choose another workspace to move credits to.',
  notOwner: 'You can only move credits between workspaces you own.',
  tooLarge: (amount: number, available: number) =>
    `You cannot move ${amount} credits: this workspace has ${available} available.`,
} as const;

/** The workspace a billing request acts for: its `ownerKey`, else the user's personal workspace. */
export const ownerKeyOfRequest = (request: { userId: string; ownerKey?: string | undefined }): string =>
  request.ownerKey ?? request.userId;
