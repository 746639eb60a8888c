import { zValidator } from '@hono/zod-validator';
import { AppError, type TErrorBody, UNEXPECTED_ERROR_MESSAGE } from '@prospector/contracts';
import type { Context, ErrorHandler, NotFoundHandler, ValidationTargets } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError, type ZodType, z } from 'zod';
import type { TLogger } from './logger.ts';
import { isV1Path, v1NotFound } from './public-api/v1-not-found.ts';

export { UNEXPECTED_ERROR_MESSAGE };

/** Input that fails its schema is thrown to the error handler below (400 VALIDATION_FAILED). */
export const validated = <TTarget extends keyof ValidationTargets, TSchema extends ZodType>(
  target: TTarget,
  schema: TSchema,
) =>
  zValidator(target, schema, (result) => {
    if (!result.success) throw result.error;
  });

/** A path id that is not even a uuid is as unknown as another user's: `notFound` either way. */
export function uuidOrNotFound(id: string | undefined, notFound: string): string {
  const parsed = z.uuid().safeParse(id);
  if (!parsed.success) throw new AppError('NOT_FOUND', notFound);
  return parsed.data;
}

const STATUS_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

/** Said when PostgreSQL refuses a value from the request (its data-exception class). */
export const UNSTORABLE_VALUE_MESSAGE = 'The request contains a value that cannot be stored.';

const body = (code: string, message: string): TErrorBody => ({ error: { code, message } });

/** The SQLSTATE of a PostgreSQL error, also when a query builder wrapped it. */
function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (current.name === 'PostgresError' && typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
}

/** Maps every thrown error to the status and `{ error: { code, message } }` body, in one place. */
export function createErrorHandler(logger: TLogger): ErrorHandler {
  return (error: Error, c: Context) => {
    if (error instanceof AppError) {
      if (error.status >= 500) logger.error(error.message, { code: error.code, path: c.req.path });
      return c.json(error.toBody(), error.status as ContentfulStatusCode);
    }
    if (error instanceof ZodError) {
      const message = error.issues[0]?.message ?? 'Invalid request';
      return c.json(body('VALIDATION_FAILED', message), 400);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      const code = STATUS_CODES[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
      return c.json(body(code, error.message || code), status as ContentfulStatusCode);
    }
    const sqlState = sqlStateOf(error);
    if (sqlState && /^(22|54)/.test(sqlState)) {
      // A value PostgreSQL cannot take (a NUL in text, a number out of range, a too-long index row)
      // is the request's fault; a route that let it through should have refused it first.
      logger.warn('request value refused by the database', { error, method: c.req.method, path: c.req.path });
      return c.json(body('VALIDATION_FAILED', UNSTORABLE_VALUE_MESSAGE), 400);
    }
    logger.error('unhandled error', { error, method: c.req.method, path: c.req.path });
    return c.json(body('INTERNAL', UNEXPECTED_ERROR_MESSAGE), 500);
  };
}

/**
 * Unknown routes answer in the same `{ error: { code, message } }` shape as every other failure; under
 * /api/v1, as the public API's problem documents (405 with `Allow` for a known path's other methods).
 */
export const notFoundHandler: NotFoundHandler = (c) =>
  isV1Path(c.req.path)
    ? v1NotFound(c)
    : c.json(body('NOT_FOUND', `No route for ${c.req.method} ${c.req.path}`), 404);
