import {
  AppError,
  isRpcSubject,
  RPC,
  type TRpcRequest,
  type TRpcResponse,
  type TRpcSubject,
} from '@prospector/contracts';
import { readReplyBody } from './bus-errors.ts';
import { describeIssues } from './envelope.ts';
import { assertRequestSubject } from './subject-match.ts';

/**
 * Request/reply typed by the contracts' `RPC` table, the same for both adapters: a request is parsed
 * before it leaves and again where it is answered, an answer before it leaves and again where it
 * arrives. Only the parsed values travel.
 */

/** The table's entry of a subject; one the table does not know, or a stream stores, is the caller's bug. */
export function rpcSchemasOf<TSubject extends TRpcSubject>(subject: TSubject): (typeof RPC)[TSubject] {
  assertRequestSubject(subject);
  if (!isRpcSubject(subject)) {
    throw new Error(`"${subject}" is not a request/reply subject of the RPC table (packages/contracts)`);
  }
  return RPC[subject];
}

/** The request's body; data its schema refuses is the caller's bug and never leaves this process. */
export function encodeRequest<TSubject extends TRpcSubject>(
  subject: TSubject,
  data: TRpcRequest<TSubject>,
): string {
  const parsed = rpcSchemasOf(subject).request.safeParse(data);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Invalid request on "${subject}": ${describeIssues(parsed.error.issues)}`,
      { reason: 'invalid_request', subject },
    );
  }
  return JSON.stringify(parsed.data);
}

/** The answer in a reply body, parsed; the reply handler's error thrown again; a malformed answer refused. */
export function decodeReply<TSubject extends TRpcSubject>(
  subject: TSubject,
  body: string,
): TRpcResponse<TSubject> {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw malformedReply(subject, 'the body is not JSON');
  }
  const answer = rpcSchemasOf(subject).response.safeParse(readReplyBody(json, subject));
  if (!answer.success) throw malformedReply(subject, describeIssues(answer.error.issues));
  return answer.data as TRpcResponse<TSubject>;
}

function malformedReply(subject: string, reason: string): AppError {
  return new AppError('INTERNAL', `Malformed reply on "${subject}": ${reason}`, {
    reason: 'invalid_reply',
    subject,
  });
}
