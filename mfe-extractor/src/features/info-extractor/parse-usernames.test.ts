import { describe, expect, it } from 'vitest';
import { parseUsernames } from './parse-usernames.ts';

describe('parseUsernames', () => {
  it('splits by line, trims and drops empty lines', () => {
    expect(parseUsernames('  alice \n\nbob\r\n   \n@carol\n')).toEqual(['alice', 'bob', 'carol']);
  });

  it('returns nothing for blank input', () => {
    expect(parseUsernames(' \n \n')).toEqual([]);
  });
});
