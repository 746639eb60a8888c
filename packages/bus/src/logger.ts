/** The logging the bus needs; service loggers fit it as they are. */
export interface TBusLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** Used when the caller passes no logger, so dropped or poisoned messages are never silent. */
export const consoleBusLogger: TBusLogger = {
  info: (message, fields) => console.info(`[bus] ${message}`, fields ?? ''),
  warn: (message, fields) => console.warn(`[bus] ${message}`, fields ?? ''),
  error: (message, fields) => console.error(`[bus] ${message}`, fields ?? ''),
};

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
