import { STREAMS, type TStreamName } from '@prospector/contracts';

/** Letters, digits, `_` and `-`: valid inside a stream name and as a single subject token. */
const NAMESPACE_PATTERN = /^[A-Za-z0-9_-]+$/;

export interface TNaming {
  streamName(stream: TStreamName): string;
  /** Subject on the wire for a logical subject (`accounts.created` → `ns.accounts.created`). */
  toWire(subject: string): string;
  /** Logical subject handlers see, whatever namespace the bus runs in. */
  fromWire(subject: string): string;
  streamSubjects(stream: TStreamName): string[];
}

/**
 * Prefixes stream names and subjects so several tests (or developers) can share one NATS server
 * without seeing each other's streams, consumers or requests.
 */
export function createNaming(namespace?: string): TNaming {
  if (namespace !== undefined && !NAMESPACE_PATTERN.test(namespace)) {
    throw new Error(`Bus namespace "${namespace}" may only contain letters, digits, "_" and "-"`);
  }
  const prefix = namespace ? `${namespace}.` : '';
  return {
    streamName: (stream) => (namespace ? `${namespace}_${stream}` : stream),
    toWire: (subject) => `${prefix}${subject}`,
    fromWire: (subject) => (prefix && subject.startsWith(prefix) ? subject.slice(prefix.length) : subject),
    streamSubjects: (stream) => STREAMS[stream].map((subject) => `${prefix}${subject}`),
  };
}

export function isStreamName(value: string): value is TStreamName {
  return Object.hasOwn(STREAMS, value);
}

export const STREAM_NAMES = Object.keys(STREAMS) as TStreamName[];
