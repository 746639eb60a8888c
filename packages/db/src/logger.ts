import type { TBusLogger } from '@prospector/bus';

/**
 * The logger when a caller gives none (a service passes its JSON logger, which fits the bus's
 * TBusLogger): quiet on routine messages, but it still surfaces problems an operator must see.
 */
export const defaultDbLogger: TBusLogger = {
  info: () => {},
  warn: (message, fields) => console.warn(message, fields ?? ''),
  error: (message, fields) => console.error(message, fields ?? ''),
};

/**
 * One line saying what went wrong. Node reports a host that resolves to several addresses (localhost
 * as ::1 and 127.0.0.1) failing on all of them as an AggregateError with an empty message, so its
 * inner errors speak for it.
 */
export function describeError(error: unknown): string {
  if (error instanceof AggregateError && !error.message && error.errors.length > 0) {
    return [...new Set(error.errors.map(describeError))].join('; ');
  }
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return (error.message || (typeof code === 'string' ? code : '') || error.name).replace(/\s*\n\s*/g, ' ');
  }
  return String(error);
}
