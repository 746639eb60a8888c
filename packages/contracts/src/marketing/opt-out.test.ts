import { describe, expect, it } from 'vitest';
import { bioShowsCode, OPT_OUT_BIO_CODE_PATTERN } from './opt-out.ts';

describe('bioShowsCode', () => {
  const code = 'prospector-k3qx9abm';

  it('finds the code anywhere in a bio, in any case, beside emoji and line breaks', () => {
    expect(bioShowsCode(code, code)).toBe(true);
    expect(bioShowsCode(`Bakery in Lyon 🥐\n${code}`, code)).toBe(true);
    expect(bioShowsCode(`opt-out: ${code.toUpperCase()} ✨`, code)).toBe(true);
    expect(bioShowsCode(`(${code})`, code)).toBe(true);
  });

  it('does not take a code inside a longer word, another code, or an empty bio', () => {
    expect(bioShowsCode(`x${code}`, code)).toBe(false);
    expect(bioShowsCode(`${code}z`, code)).toBe(false);
    expect(bioShowsCode(`${code}-2`, code)).toBe(false);
    expect(bioShowsCode('prospector-k3qx9abn', code)).toBe(false);
    expect(bioShowsCode('', code)).toBe(false);
    expect(bioShowsCode(null, code)).toBe(false);
  });

  it('refuses what is not a code, so a pattern cannot match every bio', () => {
    expect(bioShowsCode('anything at all', '.*')).toBe(false);
    expect(bioShowsCode('prospector-', 'prospector-')).toBe(false);
    expect(OPT_OUT_BIO_CODE_PATTERN.test(code)).toBe(true);
  });
});
