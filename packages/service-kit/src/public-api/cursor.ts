import { AppError, V1_MESSAGES } from '@prospector/contracts';
import type { ZodType } from 'zod';

/** An opaque page cursor: the position after the page's last item, as base64url JSON. */
export const encodeCursor = (position: unknown): string =>
  Buffer.from(JSON.stringify(position)).toString('base64url');

/** Reads a cursor this API gave out; anything else is a 400, never a query on garbage. */
export function decodeCursor<T>(cursor: string | undefined, schema: ZodType<T>): T | undefined {
  if (cursor === undefined) return undefined;
  try {
    return schema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new AppError('VALIDATION_FAILED', V1_MESSAGES.badCursor);
  }
}
