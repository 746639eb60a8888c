import { AppError, type TEventEnvelope, ZEventEnvelopeSchema } from '@prospector/contracts';

type TParsedEvent = { ok: true; event: TEventEnvelope } | { ok: false; reason: string };

interface TIssue {
  path: PropertyKey[];
  message: string;
}

export function describeIssues(issues: readonly TIssue[]): string {
  return issues
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

/** Checks an event before it leaves, so a consumer never has to terminate our own mistakes. */
export function serializeEvent(event: TEventEnvelope): string {
  const parsed = ZEventEnvelopeSchema.safeParse(event);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Invalid event envelope: ${describeIssues(parsed.error.issues)}`,
      { reason: 'invalid_event' },
    );
  }
  return JSON.stringify(parsed.data);
}

/** Reads a delivered body; anything that is not a valid envelope is reported, never thrown. */
export function parseEventBody(body: string): TParsedEvent {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, reason: 'body is not JSON' };
  }
  const parsed = ZEventEnvelopeSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: describeIssues(parsed.error.issues) };
  return { ok: true, event: parsed.data as TEventEnvelope };
}
