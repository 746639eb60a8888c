export type TLogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface TLogger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(bindings: Record<string, unknown>): TLogger;
}

const RANK: Record<TLogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

// What a database error may say about where it happened; never the values it was given.
const DATABASE_ERROR_FIELDS = [
  'severity',
  'routine',
  'schema_name',
  'table_name',
  'column_name',
  'constraint_name',
];

/** A query failure: drizzle's wrapper (its message lists the SQL and every parameter) or PostgreSQL's own. */
const isDatabaseError = (error: Error) =>
  ('query' in error && 'params' in error) || error.name === 'PostgresError';

/**
 * An error as a log line may show it. Database errors keep their SQLSTATE code and where they happened
 * but lose their message: drizzle's lists every query parameter (personal data from the request) and
 * PostgreSQL's often quotes the offending value. The stack keeps its frames only, since its first line
 * repeats the message. The cause chain is described the same way.
 */
export function describeErrorForLog(error: Error, depth = 0): Record<string, unknown> {
  const fields: Record<string, unknown> = { name: error.name };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') fields.code = code;
  if (isDatabaseError(error)) {
    for (const key of DATABASE_ERROR_FIELDS) {
      const value = (error as unknown as Record<string, unknown>)[key];
      if (typeof value === 'string') fields[key] = value;
    }
  } else {
    fields.message = error.message;
  }
  const frames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line));
  if (frames?.length) fields.stack = frames.join('\n');
  if (error.cause instanceof Error && depth < 3) fields.cause = describeErrorForLog(error.cause, depth + 1);
  return fields;
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
    const extra = Object.fromEntries(
      Object.entries(fields ?? {}).map(([key, value]) => [
        key,
        value instanceof Error ? describeErrorForLog(value) : value,
      ]),
    );
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
