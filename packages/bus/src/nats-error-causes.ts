import { NoRespondersError, RequestError, TimeoutError } from '@nats-io/transport-node';

/** Nobody listens on the subject: no stream for a publish, no replier for a request. */
export function hasNoResponders(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof NoRespondersError) return true;
    if (cause instanceof RequestError && cause.isNoResponders()) return true;
  }
  return false;
}

export function hasTimeout(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof TimeoutError) return true;
  }
  return false;
}
