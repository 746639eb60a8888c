import { describe, expect, it } from 'vitest';
import { checkStrongPassword, PASSWORD_MESSAGES } from './password-rules.ts';

describe('checkStrongPassword', () => {
  it.each([
    ['', PASSWORD_MESSAGES.tooShort],
    ['Ab1!', PASSWORD_MESSAGES.tooShort],
    ['abcdefg1!', PASSWORD_MESSAGES.uppercase],
    ['ABCDEFG1!', PASSWORD_MESSAGES.lowercase],
    ['Abcdefgh!', PASSWORD_MESSAGES.number],
    ['Abcdefg12', PASSWORD_MESSAGES.special],
    ['Abcdefg1 ', PASSWORD_MESSAGES.special],
  ])('%j fails with %j', (password, message) => {
    expect(checkStrongPassword(password)).toBe(message);
  });

  it('reports rules in the spec order: length before case before digits before symbols', () => {
    expect(checkStrongPassword('short')).toBe('Password must be at least 8 characters long');
    expect(checkStrongPassword('alllowercase')).toBe('Password must contain at least one uppercase letter');
  });

  it.each(['Abcdefg1!', 'Str0ng#Pass', 'Ünïcode9?'])('%j passes', (password) => {
    expect(checkStrongPassword(password)).toBeNull();
  });
});
