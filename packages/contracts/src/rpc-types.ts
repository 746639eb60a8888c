import { z } from 'zod';
import { ZApiKeyCheckRequestSchema, ZApiKeyCheckResponseSchema } from './account/api-keys.ts';
import {
  ACCOUNT_RPC,
  ZDataAccessAnswerSchema,
  ZMembershipRequestSchema,
  ZMembershipResponseSchema,
  ZOptOutConfirmationMailSchema,
  ZToolAccessRequestSchema,
  ZToolAccessResponseSchema,
} from './account/rpc.ts';
import {
  BILLING_RPC,
  ZBalanceRequestSchema,
  ZBalanceResponseSchema,
  ZCaptureRequestSchema,
  ZCaptureResponseSchema,
  ZCreditsUsedRequestSchema,
  ZCreditsUsedResponseSchema,
  ZExtendHoldRequestSchema,
  ZExtendHoldResponseSchema,
  ZHoldRequestSchema,
  ZHoldResponseSchema,
  ZRefundRequestSchema,
  ZRefundResponseSchema,
  ZReleaseRequestSchema,
  ZReleaseResponseSchema,
  ZTransferRequestSchema,
  ZTransferResponseSchema,
} from './billing/rpc.ts';
import { EXTRACTOR_RPC, ZCheckEmailRequestSchema, ZEmailCheckSchema } from './extractions/email-check.ts';
import { DATABASE_RPC, ZExtractedRequestSchema, ZExtractedResponseSchema } from './extractions/recorded.ts';
import {
  ZBioShowsCodeRequestSchema,
  ZBioShowsCodeResponseSchema,
  ZRefreshProfileRequestSchema,
  ZRefreshProfileResponseSchema,
} from './extractions/refresh-profile.ts';

/**
 * The request and the response of each request/reply subject, beside the event table (`EVENT_DATA`):
 * the bus parses both at both ends (`request`, `reply` in packages/bus), so neither side checks them
 * again. A refusal that is an answer (the ledger's `{ refused: … }`) is part of the response schema; a
 * thrown `AppError` stays for what is not an answer (unavailable, a bug). The schemas carry defaults but
 * no transforms: what one end parsed, the other parses to the same value.
 */
export const RPC = {
  [BILLING_RPC.hold]: { request: ZHoldRequestSchema, response: ZHoldResponseSchema },
  [BILLING_RPC.capture]: { request: ZCaptureRequestSchema, response: ZCaptureResponseSchema },
  [BILLING_RPC.release]: { request: ZReleaseRequestSchema, response: ZReleaseResponseSchema },
  [BILLING_RPC.extend]: { request: ZExtendHoldRequestSchema, response: ZExtendHoldResponseSchema },
  [BILLING_RPC.balance]: { request: ZBalanceRequestSchema, response: ZBalanceResponseSchema },
  [BILLING_RPC.refund]: { request: ZRefundRequestSchema, response: ZRefundResponseSchema },
  [BILLING_RPC.creditsUsed]: { request: ZCreditsUsedRequestSchema, response: ZCreditsUsedResponseSchema },
  [BILLING_RPC.transfer]: { request: ZTransferRequestSchema, response: ZTransferResponseSchema },
  [ACCOUNT_RPC.toolAccess]: { request: ZToolAccessRequestSchema, response: ZToolAccessResponseSchema },
  [ACCOUNT_RPC.dataAccessAnswer]: {
    request: ZDataAccessAnswerSchema,
    response: z.object({ sent: z.literal(true) }),
  },
  [ACCOUNT_RPC.optOutConfirmation]: {
    request: ZOptOutConfirmationMailSchema,
    response: z.object({ sent: z.literal(true) }),
  },
  [ACCOUNT_RPC.apiKey]: { request: ZApiKeyCheckRequestSchema, response: ZApiKeyCheckResponseSchema },
  [ACCOUNT_RPC.membership]: { request: ZMembershipRequestSchema, response: ZMembershipResponseSchema },
  [EXTRACTOR_RPC.checkEmail]: { request: ZCheckEmailRequestSchema, response: ZEmailCheckSchema },
  [EXTRACTOR_RPC.refreshProfile]: {
    request: ZRefreshProfileRequestSchema,
    response: ZRefreshProfileResponseSchema,
  },
  [EXTRACTOR_RPC.bioShowsCode]: {
    request: ZBioShowsCodeRequestSchema,
    response: ZBioShowsCodeResponseSchema,
  },
  [DATABASE_RPC.extracted]: { request: ZExtractedRequestSchema, response: ZExtractedResponseSchema },
} as const satisfies Record<string, { request: z.ZodType; response: z.ZodType }>;

export type TRpcSubject = keyof typeof RPC;
/** What a requester sends (defaults may be left out). */
export type TRpcRequest<TSubject extends TRpcSubject> = z.input<(typeof RPC)[TSubject]['request']>;
/** What a reply handler receives, parsed. */
export type TRpcRequestData<TSubject extends TRpcSubject> = z.output<(typeof RPC)[TSubject]['request']>;
/** What a reply handler answers (defaults may be left out). */
export type TRpcAnswer<TSubject extends TRpcSubject> = z.input<(typeof RPC)[TSubject]['response']>;
/** What a requester receives, parsed. */
export type TRpcResponse<TSubject extends TRpcSubject> = z.output<(typeof RPC)[TSubject]['response']>;

export function isRpcSubject(subject: string): subject is TRpcSubject {
  return Object.hasOwn(RPC, subject);
}
