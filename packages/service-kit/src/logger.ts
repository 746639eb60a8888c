export type TLogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface TLogger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(bindings: Record<string, unknown>): TLogger;
}

const RANK: Record<TLogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

function serialise(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

/** Structured JSON logs, one object per line on stdout (stderr for warn and error). */
export function createLogger(
  bindings: Record<string, unknown>,
  level: TLogLevel = 'info',
  write: (line: string, isError: boolean) => void = (line, isError) =>
    (isError ? process.stderr : process.stdout).write(`${line}\n`),
): TLogger {
  const emit = (lvl: Exclude<TLogLevel, 'silent'>, message: string, fields?: Record<string, unknown>) => {
    if (RANK[lvl] < RANK[level]) return;
    const extra = fields
      ? Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, serialise(value)]))
      : {};
    write(
      JSON.stringify({ time: new Date().toISOString(), level: lvl, ...bindings, msg: message, ...extra }),
      RANK[lvl] >= RANK.warn,
    );
  };
  return {
    debug: (message, fields) => emit('debug', message, fields),
    info: (message, fields) => emit('info', message, fields),
    warn: (message, fields) => emit('warn', message, fields),
    error: (message, fields) => emit('error', message, fields),
    child: (more) => createLogger({ ...bindings, ...more }, level, write),
  };
}
