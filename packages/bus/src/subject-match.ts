import { STREAMS } from '@prospector/contracts';

/**
 * NATS subject matching, shared by the in-process bus (routing, filters) and by the NATS adapter
 * when an older server cannot filter on several subjects itself.
 */
export function matchSubject(pattern: string, subject: string): boolean {
  const patternTokens = pattern.split('.');
  const subjectTokens = subject.split('.');
  for (let index = 0; index < patternTokens.length; index += 1) {
    const token = patternTokens[index];
    if (token === '>') return subjectTokens.length > index;
    const actual = subjectTokens[index];
    if (actual === undefined) return false;
    if (token !== '*' && token !== actual) return false;
  }
  return patternTokens.length === subjectTokens.length;
}

export function matchAnySubject(patterns: readonly string[], subject: string): boolean {
  return patterns.some((pattern) => matchSubject(pattern, subject));
}

/** True when every subject `filter` can match is also matched by `pattern` (JetStream's own rule). */
export function isSubjectSubset(filter: string, pattern: string): boolean {
  const filterTokens = filter.split('.');
  const patternTokens = pattern.split('.');
  for (let index = 0; index < patternTokens.length; index += 1) {
    const token = patternTokens[index];
    const candidate = filterTokens[index];
    if (candidate === undefined) return false;
    if (token === '>') return true;
    if (candidate === '>') return false;
    if (token === '*') continue;
    if (token !== candidate) return false;
  }
  return patternTokens.length === filterTokens.length;
}

/** Events and requests go to concrete subjects: no wildcards, no empty tokens, no whitespace. */
export function assertPublishSubject(subject: string): void {
  const tokens = subject.split('.');
  if (!subject || /\s/.test(subject) || tokens.some((token) => !token || token === '*' || token === '>')) {
    throw new Error(`"${subject}" is not a valid subject to publish or request on`);
  }
}

/**
 * A request on a subject a stream stores would be stored as an event and answered by JetStream's
 * publish acknowledgement instead of the reply handler, so such subjects are refused up front.
 */
export function assertRequestSubject(subject: string): void {
  assertPublishSubject(subject);
  for (const [stream, patterns] of Object.entries(STREAMS)) {
    if (matchAnySubject(patterns, subject)) {
      throw new Error(
        `"${subject}" belongs to stream ${stream}; use a subject outside every stream for request/reply`,
      );
    }
  }
}

/** Subscription patterns: tokens may be `*`, and `>` only last; none empty, no whitespace. */
export function assertSubscribeSubject(subject: string): void {
  const tokens = subject.split('.');
  const misplacedTail = tokens.slice(0, -1).includes('>');
  if (!subject || /\s/.test(subject) || tokens.some((token) => !token) || misplacedTail) {
    throw new Error(`"${subject}" is not a valid subject to subscribe to`);
  }
}
