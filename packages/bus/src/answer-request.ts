import { AppError } from '@prospector/contracts';
import { toReplyDataBody, toReplyErrorBody } from './bus-errors.ts';
import { describeError, type TBusLogger } from './logger.ts';

/**
 * Runs a reply handler on a raw request body and returns the raw answer body; both adapters use it
 * so an answer or a failure looks the same to the requester whichever carried it.
 */
export async function answerRequest<TReq, TRes>(
  body: string,
  handler: (data: TReq) => Promise<TRes>,
  context: { subject: string; logger: TBusLogger },
): Promise<string> {
  try {
    const data = (body ? JSON.parse(body) : undefined) as TReq;
    return JSON.stringify(toReplyDataBody(await handler(data)));
  } catch (error) {
    // An AppError is an answer the handler chose; anything else is a bug worth a log line here,
    // where the stack is, not only at the requester.
    if (!(error instanceof AppError)) {
      context.logger.error('Reply handler failed', { subject: context.subject, error: describeError(error) });
    }
    return JSON.stringify(toReplyErrorBody(error));
  }
}
