import { OPT_OUT_BIO_CODE_PATTERN } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import { createBioCode } from './bio-code.ts';

describe('createBioCode', () => {
  it('makes a code of the contract shape, different every time, without look-alike characters', () => {
    const codes = Array.from({ length: 200 }, createBioCode);
    for (const code of codes) {
      expect(code).toMatch(OPT_OUT_BIO_CODE_PATTERN);
      expect(code.slice('prospector-'.length)).not.toMatch(/[ilo01]/);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });
});
