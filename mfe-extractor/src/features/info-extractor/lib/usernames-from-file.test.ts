import { describe, expect, it } from 'vitest';
import { usernamesFromFile } from './usernames-from-file.ts';

describe('usernamesFromFile', () => {
  it('takes a text file as it is, without a BOM', () => {
    expect(usernamesFromFile('\uFEFFalice\r\n@bob\n')).toBe('alice\n@bob');
  });

  it('reads only the username column of a CSV with a header (this app’s own export included)', () => {
    const csv = 'username;full_name;follower_count\nalice;Alice;1200\n"bob";"Bob; Jr";7\n\n';
    expect(usernamesFromFile(csv)).toBe('alice\nbob');
    expect(usernamesFromFile('Name,Instagram\nAlice,alice_ig\nBob,bob.ig')).toBe('alice_ig\nbob.ig');
    expect(usernamesFromFile('username\nann\nben')).toBe('ann\nben');
  });

  it('leaves a CSV without a username header to the batch parser', () => {
    expect(usernamesFromFile('alice,bob\ncarol')).toBe('alice,bob\ncarol');
  });
});
