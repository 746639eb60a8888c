/** The generic failure text of docs/product.md §8, wherever something failed that the user cannot fix; never a stack trace. */
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred. Please try again.';

/**
 * The one error body every service returns: `{ error: { code, message } }` (`ZErrorBodySchema`
 * parses it). This module holds no schema, so a page that only needs the texts loads no zod.
 */
export interface TErrorBody {
  error: { code: string; message: string };
}

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  /** A hold asked for more credits than are available (docs/architecture.md §6). */
  INSUFFICIENT_CREDITS: 402,
  /** The trial is over and no subscription is active: the tools are refused (docs/product.md §6). */
  TRIAL_EXPIRED: 402,
  /** Members and pending invitations already fill the workspace plan's seats (docs/product.md "Teams"). */
  SEAT_LIMIT_REACHED: 402,
  /** A hold past the monthly credit limit an admin set the member (docs/architecture.md §6). */
  MEMBER_LIMIT_REACHED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** A public API path asked with a method it does not answer (`Allow` lists those it does). */
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  /** An invitation link that expired, was revoked or was already used. */
  INVITATION_CLOSED: 410,
  /** Every username of a run was already extracted, or is in another of the user's running extractions. */
  ALREADY_EXTRACTED: 409,
  /** The public API's Idempotency-Key was already used with a different request body. */
  IDEMPOTENCY_KEY_REUSED: 409,
  /** The first request with this Idempotency-Key is still being processed. */
  IDEMPOTENCY_KEY_IN_USE: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** A JSON body sent with another content type. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The current data provider cannot do this (e.g. keyword search through the Graph API). */
  UNSUPPORTED: 501,
  /** The payment provider refused or failed to start a checkout. */
  CHECKOUT_FAILED: 502,
  /** The payment provider failed to cancel or reactivate a subscription. */
  SUBSCRIPTION_UPDATE_FAILED: 502,
  /** The Instagram data provider failed after its retries. */
  PROVIDER_FAILED: 502,
  UNAVAILABLE: 503,
} as const;
export type TErrorCode = keyof typeof ERROR_STATUS;

/** The single error class services throw; one `onError` maps it to status and body. */
export class AppError extends Error {
  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
  toBody(): TErrorBody {
    return { error: { code: this.code, message: this.message } };
  }
}
