/**
 * The logging surface this package needs. A service passes its JSON logger; the default stays quiet
 * on routine messages but still surfaces problems an operator must see.
 */
export interface TDbLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export const defaultDbLogger: TDbLogger = {
  info: () => {},
  warn: (message, fields) => console.warn(message, fields ?? ''),
  error: (message, fields) => console.error(message, fields ?? ''),
};

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
