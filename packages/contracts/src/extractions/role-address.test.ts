import { describe, expect, it } from 'vitest';
import { isRoleAddress, isRoleEmail } from './role-address.ts';

describe('role addresses', () => {
  it.each([
    ['info', true],
    ['INFO', true],
    ['hello', true],
    ['bookings', true],
    ['sales+eu', true],
    ['admin', true],
    ['no-reply', true],
    ['anna', false],
    ['infos', false],
    ['anna.info', false],
    ['hello.anna', false],
    ['', false],
  ])('%s is a role mailbox: %s', (local, role) => {
    expect(isRoleAddress(local)).toBe(role);
  });

  it.each([
    ['hello@studio.com', true],
    ['Bookings+summer@hotel.example', true],
    ['  info@shop.test ', true],
    ['anna@studio.com', false],
    // The local part is what comes before the last @: a domain named like a role changes nothing.
    ['anna@info.com', false],
    ['"info@x"@shop.test', false],
    ['info', false],
    ['@shop.test', false],
  ])('%s is a role address: %s', (email, role) => {
    expect(isRoleEmail(email)).toBe(role);
  });
});
