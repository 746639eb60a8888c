import {
  AppError,
  ERROR_STATUS,
  type TErrorBody,
  type TErrorCode,
  ZErrorBodySchema,
} from '@prospector/contracts';

export function createUnavailableError(action: string, cause?: unknown): AppError {
  const suffix = cause instanceof Error ? `: ${cause.message}` : '';
  return new AppError('UNAVAILABLE', `Event bus is unavailable (${action})${suffix}`, {
    reason: 'unavailable',
  });
}

export function createNoRespondersError(subject: string): AppError {
  return new AppError('UNAVAILABLE', `No service answers requests on "${subject}"`, {
    reason: 'no_responders',
    subject,
  });
}

export function createTimeoutError(subject: string, timeoutMs: number): AppError {
  return new AppError('UNAVAILABLE', `Request on "${subject}" got no answer within ${timeoutMs} ms`, {
    reason: 'timeout',
    subject,
  });
}

export function createNoStreamError(subject: string): AppError {
  return new AppError(
    'INTERNAL',
    `No stream stores "${subject}": add its prefix to STREAMS and call ensureStreams() at start-up`,
    { reason: 'no_stream', subject },
  );
}

/**
 * A reply handler failed with a code this codebase does not define (a foreign library's error code).
 * Known codes come back as `AppError` instead, so `onError` maps them like local errors.
 */
export class RemoteReplyError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RemoteReplyError';
  }
}

function isErrorCode(code: string): code is TErrorCode {
  return Object.hasOwn(ERROR_STATUS, code);
}

/** What travels back to a requester when its reply handler throws. */
export function toReplyErrorBody(error: unknown): TErrorBody {
  if (error instanceof AppError) return error.toBody();
  const code =
    error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code
      ? error.code
      : 'INTERNAL';
  const message = error instanceof Error ? error.message : String(error);
  return { error: { code, message } };
}

/** Success bodies wrap the answer so an answer that happens to have an `error` field is not misread. */
export function toReplyDataBody(data: unknown): { data: unknown } {
  return { data };
}

/** Returns the answer from a reply body, or throws the error the reply handler threw. */
export function readReplyBody<TRes>(body: unknown, subject: string): TRes {
  const failure = ZErrorBodySchema.safeParse(body);
  if (failure.success) {
    const { code, message } = failure.data.error;
    throw isErrorCode(code) ? new AppError(code, message) : new RemoteReplyError(code, message);
  }
  if (typeof body === 'object' && body !== null) {
    return (body as { data?: TRes }).data as TRes;
  }
  throw new AppError('INTERNAL', `Malformed reply on "${subject}"`);
}
