import { z } from 'zod';

export interface TEnvProblem {
  variable: string;
  message: string;
}

/**
 * A rule across variables, e.g. "X is required when Y is set". It reads the raw values (empty counts
 * as unset), so it runs even when other variables are invalid and its problem is listed with theirs.
 */
export type TEnvCheck = (raw: Readonly<Record<string, string | undefined>>) => TEnvProblem | undefined;

/** Thrown when a deployable's environment is invalid; lists every bad variable at once. */
export class EnvError extends Error {
  constructor(
    readonly deployable: string,
    readonly problems: TEnvProblem[],
  ) {
    // One problem fits on one line; several are listed one per line.
    super(
      problems.length === 1
        ? `Invalid environment for ${deployable}: ${problems[0]?.variable} ${problems[0]?.message}.`
        : `Invalid environment for ${deployable}:\n${problems.map((p) => `  - ${p.variable}: ${p.message}`).join('\n')}`,
    );
    this.name = 'EnvError';
  }
}

/**
 * Parses `source` with the deployable's schema. Empty strings count as unset, so `FOO=` in a .env
 * file falls back to the default instead of failing validation.
 */
export function loadEnv<TShape extends z.ZodRawShape>(
  deployable: string,
  shape: TShape,
  source: Record<string, string | undefined> = process.env,
  checks: readonly TEnvCheck[] = [],
): z.infer<z.ZodObject<TShape>> {
  const cleaned: Record<string, string | undefined> = Object.fromEntries(
    Object.keys(shape).map((key) => [key, source[key]?.trim() ? source[key] : undefined]),
  );
  const result = z.object(shape).safeParse(cleaned);
  const problems: TEnvProblem[] = result.success
    ? []
    : result.error.issues.map((issue) => ({
        variable: issue.path.join('.') || '(root)',
        message: issue.message,
      }));
  for (const check of checks) {
    const problem = check(cleaned);
    if (problem && !problems.some((known) => known.variable === problem.variable)) problems.push(problem);
  }
  if (result.success && problems.length === 0) return result.data;
  throw new EnvError(deployable, problems);
}

/** Runs `fn`; an EnvError is printed without a stack and the process exits with status 1. */
export function exitOnEnvError<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** Loads `.env` from the working directory when present; variables already set win. */
export function loadDotEnvFile(path = '.env'): void {
  try {
    process.loadEnvFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
