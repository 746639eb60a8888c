import { describe, expect, it } from 'vitest';
import { isDisposableDomain, parseAddress } from './address-rules.ts';
import { isMailboxRefusal } from './smtp-probe.ts';
import { createTtlCache } from './ttl-cache.ts';

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

describe('createTtlCache', () => {
  it('expires entries, keeps the most recently used and loads a key once at a time', async () => {
    let time = 0;
    const cache = createTtlCache<string>({ maxEntries: 2, now: () => time });
    cache.set('a', 'A', 100);
    cache.set('b', 'B', 100);
    expect(cache.get('a')).toBe('A'); // a is now the most recent
    cache.set('c', 'C', 100);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['A', undefined, 'C']);
    time = 100;
    expect(cache.get('a')).toBeUndefined();

    let loads = 0;
    const load = async () => {
      loads += 1;
      return 'loaded';
    };
    const results = await Promise.all([1, 2, 3].map(() => cache.remember('d', load, () => 100)));
    expect(results).toEqual(['loaded', 'loaded', 'loaded']);
    expect(loads).toBe(1);
    // A value its ttl says not to keep is asked again next time.
    await cache.remember('e', load, () => 0);
    await cache.remember('e', load, () => 0);
    expect(loads).toBe(3);
  });
});
