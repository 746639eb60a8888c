type TIssue = { path: readonly PropertyKey[]; message: string };
type TParseResult<T> = { success: true; data: T } | { success: false; error: { issues: readonly TIssue[] } };

export type TFieldErrors = Partial<Record<string, string>>;

/** The first message per field of a failed zod parse, keyed by the top-level field name. */
export function fieldErrors<T>(result: TParseResult<T>): TFieldErrors {
  if (result.success) return {};
  const errors: TFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}
