import { describe, expect, it } from 'vitest';
import { isDisposableDomain, parseAddress } from './address-rules.ts';
import { isMailboxRefusal } from './smtp-probe.ts';

describe('parseAddress', () => {
  it.each([
    ['anna@shop.com', { local: 'anna', domain: 'shop.com' }],
    ['Anna.Lee+news@Shop.CO.uk', { local: 'Anna.Lee+news', domain: 'shop.co.uk' }],
    ["o'brien@mail.example", { local: "o'brien", domain: 'mail.example' }],
    ['chloé@café.fr', null],
    ['anna@café.fr', { local: 'anna', domain: 'xn--caf-dma.fr' }],
    ['anna@xn--caf-dma.xn--p1ai', { local: 'anna', domain: 'xn--caf-dma.xn--p1ai' }],
  ])('reads %s', (email, parsed) => {
    expect(parseAddress(email)).toEqual(parsed);
  });

  it.each([
    'anna',
    '@shop.com',
    'anna@',
    'anna@shop',
    'anna@shop.c0m',
    'anna@-shop.com',
    'anna@shop-.com',
    'anna@shop..com',
    'an..na@shop.com',
    '.anna@shop.com',
    'anna.@shop.com',
    'an na@shop.com',
    'anna@sh_op.com',
    '"anna"@shop.com',
    'anna@[192.0.2.1]',
    `${'a'.repeat(65)}@shop.com`,
    `anna@${'a'.repeat(64)}.com`,
    `${'a'.repeat(64)}@${'b'.repeat(50)}.${'c'.repeat(50)}.${'d'.repeat(50)}.${'e'.repeat(50)}.com`,
  ])('finds %s malformed', (email) => {
    expect(parseAddress(email)).toBeNull();
  });
});

describe('disposable addresses', () => {
  it.each([
    ['yopmail.com', true],
    ['mailinator.com', true],
    ['eu.mailinator.com', true],
    ['gmail.com', false],
    ['shop.example', false],
  ])('%s is disposable: %s', (domain, disposable) => {
    expect(isDisposableDomain(domain)).toBe(disposable);
  });
});

describe('isMailboxRefusal', () => {
  it.each([
    [550, '5.1.1 user unknown', true],
    [550, 'No such user here', true],
    [553, 'mailbox name not allowed', true],
    [551, 'User not local', true],
    [554, '5.1.1 recipient rejected', true],
    [550, '5.7.1 Client host blocked by a blocklist', false],
    [554, 'Transaction failed', false],
    [450, '4.2.0 greylisted, try again', false],
    [250, '2.1.5 OK', false],
  ])('%i %s → %s', (code, text, refused) => {
    expect(isMailboxRefusal({ code, text })).toBe(refused);
  });
});
