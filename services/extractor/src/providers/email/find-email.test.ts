import { describe, expect, it } from 'vitest';
import {
  findEmailInText,
  findEmailInUrl,
  findEmailsInField,
  findEmailsInText,
  findEmailsInUrl,
  listPublicEmails,
} from './find-email.ts';

/** The record's e-mail is the first address listPublicEmails gives. */
const pickPublicEmail = (sources: Parameters<typeof listPublicEmails>[0]) =>
  listPublicEmails(sources)[0] ?? null;

describe('findEmailInText', () => {
  it.each([
    ['Bookings: Studio.Rossi@Example.com 📩', 'studio.rossi@example.com'],
    ['collabs → hello+ig@my-brand.co.uk.', 'hello+ig@my-brand.co.uk'],
    ['mail: anna [at] bakery [dot] it', 'anna@bakery.it'],
    ['anna(at)bakery.it for orders', 'anna@bakery.it'],
    ['write to anna {at} bakery.de', 'anna@bakery.de'],
    ['contact: anna AT bakery DOT fr', 'anna@bakery.fr'],
    ['contact: anna @ bakery.fr', 'anna@bakery.fr'],
    ['Email me at hello@brand.com', 'hello@brand.com'],
  ])('finds the address in %j', (text, email) => {
    expect(findEmailInText(text)).toBe(email);
  });

  it.each([
    ['follow @travel.with.anna and @bakery'],
    ['shot by @studio_rossi | 📍 Milan'],
    ['logo@2x.png and banner@3x.jpg'],
    ['we meet at noon at the bakery dot'],
    ['price 10@20 each'],
    [''],
  ])('finds nothing in %j', (text) => {
    expect(findEmailInText(text)).toBeNull();
  });

  it('takes the first of several addresses', () => {
    expect(findEmailInText('pr: pr@brand.com / shop: shop@brand.com')).toBe('pr@brand.com');
  });
});

describe('findEmailsInText: whole addresses or none', () => {
  it.each([
    ["o'brien@x.com", "o'brien@x.com"],
    ['a&r@label.com', 'a&r@label.com'],
    ['josé@café.fr', 'josé@café.fr'],
    ['пользователь@домен.рф', 'пользователь@домен.рф'],
    ['用户@例子.公司', '用户@例子.公司'],
  ])('keeps %j whole', (text, email) => expect(findEmailsInText(`Email: ${text}!`)).toEqual([email]));

  it.each([
    'contact@host.co-uk',
    'hello@brand.com/shop',
    'Photographer|hello@studio.com',
    '"foo"bar@gmail.com',
    'hello@brand.com.Thanks',
    'ellipsis...x@y.com',
    'hello@brand.com@gmail.com',
  ])('drops %j rather than cutting it', (text) => expect(findEmailsInText(text)).toEqual([]));

  it.each([
    'Shop now @ www.site.com',
    'MERCH AT SHOP.BAND.COM',
    'icon@2x.avif',
    'meet me at the park dot com',
    'meet me at park dot com',
    'hello@brand.example',
  ])('reads no address in %j', (text) => expect(findEmailsInText(text)).toEqual([]));

  it('reads written-out and disguised forms', () => {
    expect(findEmailsInText('name at domain dot com')).toEqual(['name@domain.com']);
    expect(findEmailsInText('name (at) domain (dot) com')).toEqual(['name@domain.com']);
    expect(findEmailsInText('name[@]domain.com')).toEqual(['name@domain.com']);
    expect(findEmailsInText('name @ domain . com')).toEqual(['name@domain.com']);
    expect(findEmailsInText('name＠domain．com')).toEqual(['name@domain.com']);
    expect(findEmailsInText('na\u200Bme@dom\u2060ain.com\uFEFF')).toEqual(['name@domain.com']);
  });

  it('lists every address of a bio in order, once each', () => {
    expect(
      findEmailsInText('Booking: booking@agency.co.uk\nPress: PRESS@agency.co.uk\nbooking@agency.co.uk'),
    ).toEqual(['booking@agency.co.uk', 'press@agency.co.uk']);
  });
});

describe('findEmailsInText: scripts, endings and the bare shapes of bios', () => {
  it.each([
    ['田中taro@gmail.com'],
    ['taro田中@gmail.com'],
    ['📷 写真家 | 鈴木yuki@studio.jp'],
    ['taro@mail.abc田中.com'],
  ])('returns a local part or domain that mixes scripts whole or not at all: %j', (text) => {
    expect(findEmailsInText(text)).toEqual([]);
  });

  it('takes a mixed-script address whole as the whole value of an e-mail field', () => {
    expect(findEmailsInField('田中taro@gmail.com')).toEqual(['田中taro@gmail.com']);
    expect(findEmailsInField('taro@mail.abc田中.com')).toEqual(['taro@mail.abc田中.com']);
  });

  it.each([
    ['お仕事のご依頼はtaro@gmail.comまで', 'taro@gmail.com'],
    ['联系邮箱abc@qq.com或微信', 'abc@qq.com'],
    ['商务合作vx2024@163.com', 'vx2024@163.com'],
    ['📩お問い合わせyuki.k@icloud.com', 'yuki.k@icloud.com'],
    ['ติดต่อsomchai@gmail.com', 'somchai@gmail.com'],
  ])('cuts off a label of an unspaced script that touches the address: %j', (text, email) => {
    expect(findEmailsInText(text)).toEqual([email]);
  });

  it('takes punycode endings', () => {
    expect(findEmailsInText('Email: info@shop.xn--p1ai')).toEqual(['info@shop.xn--p1ai']);
    expect(findEmailsInText('合作 contact@brand.xn--fiqs8s')).toEqual(['contact@brand.xn--fiqs8s']);
    expect(findEmailsInField('INFO@SHOP.XN--P1AI')).toEqual(['info@shop.xn--p1ai']);
    expect(findEmailsInText('info@shop.xn--zz')).toEqual([]);
  });

  it.each([
    ['jane at studio.com', 'jane@studio.com'],
    ['📍 Lisbon | ana.silva at atelier.pt', 'ana.silva@atelier.pt'],
    ['Photographer. mike at mikeshots.co.uk', 'mike@mikeshots.co.uk'],
    ['jane@studio .com', 'jane@studio.com'],
    ['Bookings: hello@brand .co.uk', 'hello@brand.co.uk'],
    ['contact[at]maison .fr', 'contact@maison.fr'],
  ])('reads a bare lower-case "at" and a space before the ending: %j', (text, email) => {
    expect(findEmailsInText(text)).toEqual([email]);
  });

  it.each([
    'meet me at home.',
    'look at this.photo',
    'at 5.30',
    'more info at brand.com',
    'tickets at ticketmaster.com',
    'merch at shop.band.com',
    'designer at figma.com',
    'Jane at studio.com',
    'jane at studio .com',
    'jane at www.studio.com',
    'hi@mail.studio .com',
    'jane@studio .Com',
  ])('reads no address in %j', (text) => expect(findEmailsInText(text)).toEqual([]));
});

describe('findEmailsInField', () => {
  it('takes a whole field value with any character RFC 5322 allows, and reads text otherwise', () => {
    expect(findEmailsInField('test|123@müller.com')).toEqual(['test|123@müller.com']);
    expect(findEmailsInField('"john doe"@example.com')).toEqual(['"john doe"@example.com']);
    expect(findEmailsInField(' mailto:Info@Brand.com ')).toEqual(['info@brand.com']);
    expect(findEmailsInField('Email: info@brand.com')).toEqual(['info@brand.com']);
    expect(findEmailsInField('none')).toEqual([]);
  });
});

describe('findEmailInUrl', () => {
  it('reads mailto links and encoded addresses', () => {
    expect(findEmailInUrl('mailto:Team@Brand.io')).toBe('team@brand.io');
    expect(findEmailInUrl('https://linktr.ee/x?contact=team%40brand.io')).toBe('team@brand.io');
    expect(findEmailsInUrl('mailto:a@brand.io,b@brand.io?cc=c@brand.io')).toEqual([
      'a@brand.io',
      'b@brand.io',
      'c@brand.io',
    ]);
  });

  it('ignores ordinary links and the user part of a link', () => {
    expect(findEmailInUrl('https://brand.io/@team')).toBeNull();
    expect(findEmailInUrl('https://user:secret@brand.io/')).toBeNull();
    expect(findEmailInUrl(null)).toBeNull();
  });
});

describe('listPublicEmails and pickPublicEmail', () => {
  it('lists every distinct address in order of trust: fields, biography, then links', () => {
    expect(
      listPublicEmails({
        public_email: 'a@x.com',
        business_email: 'B@x.com',
        biography: 'booking: c@x.com | press: a@x.com',
        external_url: 'mailto:d@x.com',
        external_urls: ['https://linktr.ee/x', 'mailto:e@x.com', null, 'mailto:d@x.com'],
      }),
    ).toEqual([
      { email: 'a@x.com', field: 'public_email' },
      { email: 'b@x.com', field: 'business_email' },
      { email: 'c@x.com', field: 'biography' },
      { email: 'd@x.com', field: 'external_url' },
      { email: 'e@x.com', field: 'external_url' },
    ]);
  });

  it('prefers the public e-mail field, then the business one, then the text', () => {
    expect(
      pickPublicEmail({ public_email: 'a@x.com', business_email: 'b@x.com', biography: 'c@x.com' }),
    ).toEqual({ email: 'a@x.com', field: 'public_email' });
    expect(pickPublicEmail({ business_email: 'b@x.com', biography: 'c@x.com' })).toEqual({
      email: 'b@x.com',
      field: 'business_email',
    });
    expect(pickPublicEmail({ biography: 'mail c [at] x.com', external_url: 'mailto:d@x.com' })).toEqual({
      email: 'c@x.com',
      field: 'biography',
    });
    expect(pickPublicEmail({ biography: 'no mail', external_url: 'mailto:d@x.com' })).toEqual({
      email: 'd@x.com',
      field: 'external_url',
    });
    expect(pickPublicEmail({ public_email: '', biography: '@handle' })).toBeNull();
  });
});
