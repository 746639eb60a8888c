import { describe, expect, it } from 'vitest';
import { findEmailInText, findEmailInUrl, pickPublicEmail } from './find-email.ts';

describe('findEmailInText', () => {
  it.each([
    ['Bookings: Studio.Rossi@Example.com 📩', 'studio.rossi@example.com'],
    ['collabs → hello+ig@my-brand.co.uk.', 'hello+ig@my-brand.co.uk'],
    ['mail: anna [at] bakery [dot] it', 'anna@bakery.it'],
    ['anna(at)bakery.it for orders', 'anna@bakery.it'],
    ['write to anna {at} bakery.de', 'anna@bakery.de'],
    ['contact: anna AT bakery DOT fr', 'anna@bakery.fr'],
    ['contact: anna @ bakery.fr', 'anna@bakery.fr'],
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

describe('findEmailInUrl', () => {
  it('reads mailto links and encoded addresses', () => {
    expect(findEmailInUrl('mailto:Team@Brand.io')).toBe('team@brand.io');
    expect(findEmailInUrl('https://linktr.ee/x?contact=team%40brand.io')).toBe('team@brand.io');
  });

  it('ignores ordinary links', () => {
    expect(findEmailInUrl('https://brand.io/@team')).toBeNull();
    expect(findEmailInUrl(null)).toBeNull();
  });
});

describe('pickPublicEmail', () => {
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
