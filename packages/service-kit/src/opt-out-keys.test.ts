import { describe, expect, it } from 'vitest';
import { createOptOutKeys, DEVELOPMENT_OPTOUT_KEY, optOutKeyEnvCheck } from './opt-out-keys.ts';

describe('opt-out keys', () => {
  const keys = createOptOutKeys('k'.repeat(32));

  it('gives every form and case of a username the extractor accepts one key', () => {
    const forms = [
      'anna.shop',
      '@Anna.Shop',
      ' ANNA.SHOP ',
      'instagram.com/anna.shop',
      'https://www.instagram.com/Anna.Shop/?hl=en',
      'http://m.instagram.com/anna.shop',
      'instagr.am/anna.shop',
    ];
    const hashed = new Set(forms.map((form) => keys.username(form)));
    expect(hashed.size).toBe(1);
    expect([...hashed][0]).toMatch(/^[0-9a-f]{64}$/);
    expect(keys.username('anna.shop2')).not.toBe(keys.username('anna.shop'));
    expect(keys.username('https://example.com/anna')).toBeNull();
  });

  it('keys e-mails trimmed and in lower case, and nothing for an empty one', () => {
    expect(keys.email(' Anna@Example.COM ')).toBe(keys.email('anna@example.com'));
    expect(keys.email('')).toBeNull();
    expect(keys.email(null)).toBeNull();
  });

  it('depends on the secret: another key gives other hashes, and none is the bare text', () => {
    expect(createOptOutKeys('x'.repeat(32)).username('anna.shop')).not.toBe(keys.username('anna.shop'));
    expect(keys.username('anna.shop')).not.toContain('anna');
  });

  it('makes confirmation tokens only the key holder can make, and reads back what each was made for', () => {
    const requestId = '0b9f3a52-6c1e-4f6a-9d55-2f1c7e8a9b10';
    const emailKey = keys.email('anna@example.com') ?? '';
    const token = keys.confirmationToken(requestId, emailKey);
    expect(keys.readConfirmationToken(token)).toEqual({ requestId, emailKey });
    expect(keys.readConfirmationToken(` ${token} `)).toEqual({ requestId, emailKey });
    // Another key's token, a changed address hash, a changed request, a cut token: not ours.
    expect(
      keys.readConfirmationToken(createOptOutKeys('x'.repeat(32)).confirmationToken(requestId, emailKey)),
    ).toBeNull();
    const otherEmail = keys.email('someone@example.com') ?? '';
    expect(keys.readConfirmationToken(token.replace(emailKey, otherEmail))).toBeNull();
    expect(
      keys.readConfirmationToken(token.replace(requestId, requestId.replace('0b9f', '1b9f'))),
    ).toBeNull();
    expect(keys.readConfirmationToken(token.slice(0, -1))).toBeNull();
    expect(keys.readConfirmationToken('')).toBeNull();
  });

  it('is required in production only', () => {
    expect(optOutKeyEnvCheck({ NODE_ENV: 'production' })?.variable).toBe('OPTOUT_KEY');
    expect(optOutKeyEnvCheck({ NODE_ENV: 'production', OPTOUT_KEY: DEVELOPMENT_OPTOUT_KEY })?.variable).toBe(
      'OPTOUT_KEY',
    );
    expect(optOutKeyEnvCheck({ NODE_ENV: 'production', OPTOUT_KEY: 'p'.repeat(32) })).toBeUndefined();
    expect(optOutKeyEnvCheck({ NODE_ENV: 'development' })).toBeUndefined();
  });
});
