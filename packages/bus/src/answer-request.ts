import { AppError, type TRpcAnswer, type TRpcRequestData, type TRpcSubject } from '@prospector/contracts';
import { toReplyDataBody, toReplyErrorBody } from './bus-errors.ts';
import { describeIssues } from './envelope.ts';
import { describeError, type TBusLogger } from './logger.ts';
import { rpcSchemasOf } from './rpc-codec.ts';

const errorReply = (error: unknown) => JSON.stringify(toReplyErrorBody(error));

export type TReplyHandler<TSubject extends TRpcSubject> = (
  data: TRpcRequestData<TSubject>,
) => Promise<TRpcAnswer<TSubject>>;

/**
 * Runs a reply handler on a raw request body and returns the raw answer body; both adapters use it
 * so an answer or a failure looks the same to the requester whichever carried it. The request is
 * parsed by the subject's schema first (a malformed one is answered VALIDATION_FAILED, and logged,
 * without reaching the handler), and the handler's answer by the response schema before it leaves
 * (one that does not parse is this service's bug: logged, answered INTERNAL).
 */
export async function answerRequest<TSubject extends TRpcSubject>(
  body: string,
  subject: TSubject,
  handler: TReplyHandler<TSubject>,
  logger: TBusLogger,
): Promise<string> {
  const schemas = rpcSchemasOf(subject);
  let json: unknown;
  try {
    json = body ? JSON.parse(body) : undefined;
  } catch {
    json = undefined;
  }
  const request = schemas.request.safeParse(json);
  if (!request.success) {
    const reason = describeIssues(request.error.issues);
    logger.warn('Malformed request refused', { subject, reason });
    return errorReply(new AppError('VALIDATION_FAILED', `Invalid request on "${subject}": ${reason}`));
  }
  let answer: unknown;
  try {
    answer = await handler(request.data as TRpcRequestData<TSubject>);
  } catch (error) {
    // An AppError is an answer the handler chose; anything else is a bug worth a log line here,
    // where the stack is, not only at the requester.
    if (!(error instanceof AppError)) {
      logger.error('Reply handler failed', { subject, error: describeError(error) });
    }
    return errorReply(error);
  }
  const parsed = schemas.response.safeParse(answer);
  if (!parsed.success) {
    const reason = describeIssues(parsed.error.issues);
    logger.error('Reply handler answered what its response schema refuses', { subject, reason });
    return errorReply(new AppError('INTERNAL', `Malformed reply on "${subject}": ${reason}`));
  }
  return JSON.stringify(toReplyDataBody(parsed.data));
}
