import { describe, expect, it } from 'vitest';
import { HOSTILE_PATTERNS, MAX_TEXT_LENGTH, sanitizeText, type TCleaningWork } from './sanitize-text.ts';

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

  it.each([
    ['nested script prefixes', `${'java'.repeat(32_000)}${'script:'.repeat(32_000)}`],
    ['nested handlers', `${'on'.repeat(50_000)}x${'x='.repeat(50_000)}`],
    ['nested data prefixes', `${'da'.repeat(50_000)}${'ta:'.repeat(50_000)}`],
    ['long letter runs before many equals signs', `${'a'.repeat(100_000)}${'javascript:='.repeat(20_000)}`],
    ['long blank runs before colons', `${' '.repeat(100_000)}${'vbscript:::'.repeat(20_000)}`],
  ])('does work linear in the input for %s', (_name, input) => {
    const work: TCleaningWork = { steps: 0 };
    sanitizeText(input, work);
    // Each character is looked at when it arrives and at most a few times more when a token ending
    // after it is checked or removed; the old fixed-point loop did one full pass per nesting level.
    expect(work.steps).toBeLessThanOrEqual(4 * input.length);
  });

  it('removes nested tokens completely', () => {
    expect(sanitizeText(`${'java'.repeat(32_000)}${'script:'.repeat(32_000)}`)).toBe('');
  });

  it('gives the same text as removing every token until none is left, for generated inputs', () => {
    const pieces = [
      'java',
      'vb',
      'live',
      'script',
      'Script',
      ':',
      ' ',
      '=',
      'on',
      'ON',
      'load',
      'x',
      'da',
      'ta',
      'data',
      '<',
      '>',
      '1',
      '_',
      'é',
      '\t',
    ];
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let run = 0; run < 5_000; run += 1) {
      let input = '';
      const length = 1 + Math.floor(random() * 12);
      for (let i = 0; i < length; i += 1) input += pieces[Math.floor(random() * pieces.length)];
      expect(sanitizeText(input), JSON.stringify(input)).toBe(cleanByFixedPoint(input));
    }
  });

  it('leaves nothing that a second cleaning would remove', () => {
    for (const input of ['javajavascript:script:alert(1)', 'ononload=load=x', 'd<ata:x', ' onX =data :']) {
      const once = sanitizeText(input);
      expect(sanitizeText(once)).toBe(once);
      for (const pattern of HOSTILE_PATTERNS) expect(once).not.toMatch(pattern);
    }
  });
});

/** The rule as first written: every pattern removed again and again until nothing changes. */
function cleanByFixedPoint(input: string): string {
  const global = HOSTILE_PATTERNS.map((pattern) => new RegExp(pattern.source, `${pattern.flags}g`));
  let text = input;
  let previous: string;
  do {
    previous = text;
    for (const pattern of global) text = text.replace(pattern, '');
  } while (text !== previous);
  return text.trim().slice(0, MAX_TEXT_LENGTH).trim();
}
