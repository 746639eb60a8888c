import { describe, expect, it } from 'vitest';
import { describeError } from './logger.ts';

describe('describeError', () => {
  it('speaks for an AggregateError with an empty message through its inner errors', () => {
    // What Node throws when localhost resolves to ::1 and 127.0.0.1 and both refuse.
    const error = Object.assign(
      new AggregateError([
        new Error('connect ECONNREFUSED ::1:5432'),
        new Error('connect ECONNREFUSED 127.0.0.1:5432'),
      ]),
      { code: 'ECONNREFUSED' },
    );
    expect(error.message).toBe('');
    expect(describeError(error)).toBe('connect ECONNREFUSED ::1:5432; connect ECONNREFUSED 127.0.0.1:5432');
  });

  it('falls back to the error code, then the name, and keeps to one line', () => {
    expect(describeError(Object.assign(new Error(''), { code: 'ETIMEDOUT' }))).toBe('ETIMEDOUT');
    expect(describeError(new TypeError(''))).toBe('TypeError');
    expect(describeError(new Error('first line\n  second line'))).toBe('first line second line');
    expect(describeError('plain')).toBe('plain');
  });
});
