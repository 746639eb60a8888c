import { z } from 'zod';

/**
 * Per-member monthly credit limits (docs/architecture.md §6): an admin may cap what one member of a
 * workspace spends in a calendar month (UTC), counting what they captured this month and what their
 * running extractions hold.
 */
const count = z.number().int().min(0);

/** A hold that would take a member past their limit is refused with these words. */
export const memberLimitMessage = (name: string, left: number, limit: number): string =>
  `${name} has ${left} of ${limit} credits left this month`;
/** The name in that message when the asker did not give the member's. */
export const UNNAMED_MEMBER = 'This member';

export const MEMBER_LIMIT_MESSAGES = {
  forbidden: 'Only a workspace owner or admin can set credit limits.',
  tooLarge: 'A monthly credit limit can be at most 1,000,000 credits.',
} as const;
export const MAX_MONTHLY_CREDIT_LIMIT = 1_000_000;

export const ZMemberLimitParamsSchema = z.object({ memberId: z.string().min(1).max(200) });

/** `PUT /api/billing/member-limits/:memberId`: the member's cap; 0 stops them spending. */
export const ZSetMemberLimitRequestSchema = z.object({
  monthlyLimit: z.number().int().min(0).max(MAX_MONTHLY_CREDIT_LIMIT, MEMBER_LIMIT_MESSAGES.tooLarge),
});
export type TSetMemberLimitRequest = z.infer<typeof ZSetMemberLimitRequestSchema>;

/** One member's month: what they used (captured + held), and their limit if they have one. */
export const ZMemberUsageSchema = z.object({
  memberId: z.string(),
  /** The first instant of the calendar month counted (UTC). */
  monthStart: z.iso.datetime(),
  captured: count,
  held: count,
  /** captured + held. */
  used: count,
  monthlyLimit: count.nullable(),
  /** What the limit leaves (never below 0); null without a limit. */
  left: count.nullable(),
});
export type TMemberUsage = z.infer<typeof ZMemberUsageSchema>;

/** Every member of the workspace with a limit or any use this month. */
export const ZMemberUsageListSchema = z.object({ members: z.array(ZMemberUsageSchema) });
export type TMemberUsageList = z.infer<typeof ZMemberUsageListSchema>;
