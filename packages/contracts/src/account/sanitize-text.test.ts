import { describe, expect, it } from 'vitest';
import { MAX_TEXT_LENGTH, sanitizeText } from './sanitize-text.ts';

describe('sanitizeText', () => {
  it.each([
    ['  Acme Ltd  ', 'Acme Ltd'],
    ['<script>alert(1)</script>', 'scriptalert(1)/script'],
    ['<img src=x onerror=alert(1)>', 'img src=x alert(1)'],
    ['javascript:alert(1)', 'alert(1)'],
    ['JaVaScRiPt : alert(1)', 'alert(1)'],
    ['vbscript:msgbox', 'msgbox'],
    ['javajavascript:script:alert(1)', 'alert(1)'],
    ['data:text/html;base64,PHNjcmlwdD4=', 'text/html;base64,PHNjcmlwdD4='],
    ['Mario onclick = steal()', 'Mario  steal()'],
    ['ononload=load=x', 'load=x'],
    ["O'Brien & Sons", "O'Brien & Sons"],
    ['Zürich GmbH', 'Zürich GmbH'],
    ['IT12345678901', 'IT12345678901'],
    ['   ', ''],
  ])('cleans %j to %j', (input, expected) => {
    expect(sanitizeText(input)).toBe(expected);
  });

  it(`cuts text to ${MAX_TEXT_LENGTH} characters`, () => {
    expect(sanitizeText('a'.repeat(1500))).toHaveLength(MAX_TEXT_LENGTH);
  });

  it('leaves no trailing space after cutting', () => {
    expect(sanitizeText(`${'a'.repeat(999)} b`)).toBe('a'.repeat(999));
  });
});
