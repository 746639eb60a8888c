import { describe, expect, it } from 'vitest';
import { ZChangePasswordSchema, ZResetPasswordSchema, ZSignUpSchema } from './schemas.ts';

const valid = {
  email: ' ada@example.com ',
  password: 'Str0ng#Pass',
  confirmPassword: 'Str0ng#Pass',
  firstName: '  Ada ',
  lastName: 'Lovelace',
  accountType: 'business' as const,
  companyName: 'Analytical <b>Engines</b>',
  vatNumber: '',
  country: 'United Kingdom' as const,
};
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('ZSignUpSchema', () => {
  it('accepts a business sign-up, cleaning text and dropping an empty VAT', () => {
    const result = ZSignUpSchema.parse(valid);
    expect(result).toMatchObject({
      email: 'ada@example.com',
      firstName: 'Ada',
      companyName: 'Analytical bEngines/b',
      vatNumber: undefined,
      country: 'United Kingdom',
    });
    expect(result.password).toBe('Str0ng#Pass');
  });

  it('requires a company name for business accounts only', () => {
    expect(firstMessage(ZSignUpSchema.safeParse({ ...valid, companyName: '  ' }))).toBe(
      'Company name is required',
    );
    const personal = ZSignUpSchema.parse({
      ...valid,
      accountType: 'personal',
      companyName: '',
      vatNumber: 'X',
    });
    expect(personal.companyName).toBeUndefined();
    expect(personal.vatNumber).toBeUndefined();
  });

  it('applies the password rules in order, then the match rule', () => {
    expect(
      firstMessage(ZSignUpSchema.safeParse({ ...valid, password: 'short', confirmPassword: 'short' })),
    ).toBe('Password must be at least 8 characters long');
    expect(firstMessage(ZSignUpSchema.safeParse({ ...valid, confirmPassword: 'Str0ng#Pasz' }))).toBe(
      "Passwords don't match",
    );
  });

  it('refuses over-long text and control, bidirectional and zero-width characters instead of cutting them', () => {
    expect(firstMessage(ZSignUpSchema.safeParse({ ...valid, firstName: 'x'.repeat(1001) }))).toBe(
      'First name must be at most 1000 characters',
    );
    expect(ZSignUpSchema.safeParse({ ...valid, firstName: 'x'.repeat(1000) }).success).toBe(true);
    for (const bad of [
      '\u0000',
      '\t',
      '\n',
      '\u007F',
      '\u0085',
      '\u200D',
      '\u2028',
      '\u202A',
      '\u2069',
      '\uFEFF',
    ]) {
      expect(
        firstMessage(ZSignUpSchema.safeParse({ ...valid, lastName: `Love${bad}lace` })),
        JSON.stringify(bad),
      ).toBe('Last name contains characters that are not allowed');
    }
    expect(ZSignUpSchema.parse({ ...valid, lastName: 'Łovelace – Ōno' }).lastName).toBe('Łovelace – Ōno');
  });

  it('requires every other field', () => {
    const result = ZSignUpSchema.safeParse({ ...valid, email: '', firstName: '', lastName: '', country: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(
      expect.arrayContaining([
        'Please enter your email address',
        'First name is required',
        'Last name is required',
      ]),
    );
  });
});

describe('ZResetPasswordSchema', () => {
  it('checks the match first, then the 6-character minimum', () => {
    expect(firstMessage(ZResetPasswordSchema.safeParse({ password: 'abc', confirmPassword: 'abd' }))).toBe(
      "Passwords don't match",
    );
    expect(
      firstMessage(ZResetPasswordSchema.safeParse({ password: 'abcde', confirmPassword: 'abcde' })),
    ).toBe('Password must be at least 6 characters');
    expect(ZResetPasswordSchema.safeParse({ password: 'abcdef', confirmPassword: 'abcdef' }).success).toBe(
      true,
    );
  });
});

describe('ZChangePasswordSchema', () => {
  it('uses the settings texts', () => {
    const base = { currentPassword: 'Old#Pass1' };
    expect(
      firstMessage(
        ZChangePasswordSchema.safeParse({ ...base, newPassword: 'Abcdefg1!', confirmPassword: 'x' }),
      ),
    ).toBe("New passwords don't match");
    expect(
      firstMessage(
        ZChangePasswordSchema.safeParse({ ...base, newPassword: 'weakpass', confirmPassword: 'weakpass' }),
      ),
    ).toBe('Password must contain at least one uppercase letter');
  });
});
