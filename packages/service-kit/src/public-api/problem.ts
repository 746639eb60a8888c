import {
  AppError,
  type ERROR_STATUS,
  PROBLEM_CONTENT_TYPE,
  problemType,
  type TProblem,
  UNEXPECTED_ERROR_MESSAGE,
} from '@prospector/contracts';
import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import type { TLogger } from '../logger.ts';

/** An RFC 9457 problem response: `code` stable, `title` the product's message. */
export function problemResponse(
  c: Context,
  status: number,
  code: string,
  title: string,
  headers: Record<string, string> = {},
): Response {
  const body: TProblem = { type: problemType(code), title, status, code, instance: c.req.path };
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  c.header('content-type', PROBLEM_CONTENT_TYPE);
  return c.body(JSON.stringify(body), status as 400);
}

const STATUS_CODES: Record<number, keyof typeof ERROR_STATUS> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

/**
 * The /api/v1 routes' one error mapping: the same codes and texts as the service's `{ error }` bodies
 * (`createErrorHandler`), as problem documents.
 */
export function createProblemHandler(logger: TLogger): ErrorHandler {
  return (error, c) => {
    if (error instanceof AppError) {
      if (error.status >= 500) logger.error(error.message, { code: error.code, path: c.req.path });
      return problemResponse(c, error.status, error.code, error.message);
    }
    if (error instanceof ZodError) {
      return problemResponse(c, 400, 'VALIDATION_FAILED', error.issues[0]?.message ?? 'Invalid request');
    }
    if (error instanceof HTTPException) {
      const code = STATUS_CODES[error.status] ?? (error.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
      return problemResponse(c, error.status, code, error.message || code);
    }
    logger.error('unhandled error', { error, method: c.req.method, path: c.req.path });
    return problemResponse(c, 500, 'INTERNAL', UNEXPECTED_ERROR_MESSAGE);
  };
}
