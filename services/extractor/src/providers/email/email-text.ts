/**
 * Text as the e-mail scanner reads it: one canonical spelling of what looks the same on screen, and
 * the written-out obfuscations ("name [at] domain [dot] com") turned into marker characters that say
 * how each `@` and `.` was written, so the scanner can hold the weaker forms to stricter rules.
 */

/** `@` written as `[at]`, `(at)`, `{at}`, `<at>`, `[@]`, `(@)`: a deliberate obfuscation. */
export const AT_BRACKETED = '\uE000';
/** `@` with spaces on both sides ("name @ domain . com"); also "Shop now @ site.com". */
export const AT_SPACED = '\uE001';
/** `at` as a word between spaces ("name at domain dot com"); also every English sentence. */
export const AT_WORD = '\uE002';
/** `AT` as a word between spaces ("NAME AT DOMAIN DOT COM"); also shouted sentences ("MERCH AT …"). */
export const AT_WORD_UPPER = '\uE006';
/** `.` written with spaces around it ("domain . com"); also a separator ("Artist . Dreamer"). */
export const DOT_SPACED = '\uE003';
/** `.` written as the word `dot` / `DOT` between spaces ("domain dot com"). */
export const DOT_WORD = '\uE005';
/** `.` written as `[dot]`, `(dot)`, `[.]`, `(.)`. */
export const DOT_BRACKETED = '\uE004';
/** A space before a dot and a lower-case ending ("name@studio .com"); also a stray space in a sentence. */
export const DOT_SPACED_BEFORE = '\uE007';

/**
 * Invisible characters that split an address on screen without showing: zero-width space, non-joiner
 * and joiner, the direction marks, word joiner, byte-order mark, and the soft hyphen. Between two
 * characters an address can hold they are dropped (`na\u200Bme@x.com` is `name@x.com`); anywhere else
 * they stand for the space they usually mark (`x@y.com\u200B| shop`).
 */
const INVISIBLE_CHARS = '[\\u00AD\\u200B-\\u200F\\u2060\\uFEFF]';
const ADDRESS_CHAR = "[\\p{L}\\p{Nd}\\p{M}._%+'&@-]";
const INVISIBLE_INSIDE = new RegExp(`(?<=${ADDRESS_CHAR})${INVISIBLE_CHARS}+(?=${ADDRESS_CHAR})`, 'gu');
const INVISIBLE = new RegExp(INVISIBLE_CHARS, 'gu');
/** Private-use characters: the markers above; never part of an address in real text. */
const PRIVATE_USE = /[\uE000-\uF8FF]/g;
/** Fullwidth ASCII (＠, ．, ｇｍａｉｌ, ：…) as typed with CJK input methods. */
const FULLWIDTH = /[\uFF01-\uFF5E]/g;
/** Mathematical bold, italic, script… letters and digits: the "fonts" of bio generators (𝐡𝐞𝐥𝐥𝐨). */
const STYLED_ALPHANUMERIC = /[\u{1D400}-\u{1D7FF}]/gu;

/** Horizontal white space only: an obfuscation never spans a line break. */
const SP = '[^\\S\\r\\n]';

/** Rewrites, in order: bracketed first, so "[at]" is not read as the word "at". */
const OBFUSCATIONS: ReadonlyArray<[RegExp, string]> = [
  [new RegExp(`${SP}*[\\[({<]${SP}*(?:at|AT|@)${SP}*[\\])}>]${SP}*`, 'g'), AT_BRACKETED],
  [new RegExp(`${SP}*[\\[({<]${SP}*(?:dot|DOT|\\.)${SP}*[\\])}>]${SP}*`, 'g'), DOT_BRACKETED],
  [new RegExp(`(?<=[\\p{L}\\p{Nd}_])${SP}+@${SP}+(?=[\\p{L}\\p{Nd}])`, 'gu'), AT_SPACED],
  [new RegExp(`(?<=[\\p{L}\\p{Nd}_])${SP}+at${SP}+(?=[\\p{L}\\p{Nd}])`, 'gu'), AT_WORD],
  [new RegExp(`(?<=[\\p{L}\\p{Nd}_])${SP}+AT${SP}+(?=[\\p{L}\\p{Nd}])`, 'gu'), AT_WORD_UPPER],
  [new RegExp(`(?<=[\\p{L}\\p{Nd}])${SP}+(?:dot|DOT)${SP}+(?=[\\p{L}\\p{Nd}])`, 'gu'), DOT_WORD],
  [new RegExp(`(?<=[\\p{L}\\p{Nd}])${SP}+\\.${SP}+(?=[\\p{L}\\p{Nd}])`, 'gu'), DOT_SPACED],
  [new RegExp(`(?<=[\\p{L}\\p{Nd}])${SP}+\\.(?=[a-z])`, 'gu'), DOT_SPACED_BEFORE],
];

/**
 * One spelling for what reads the same: composed accents (NFC); fullwidth forms and styled letters as
 * ASCII (`＠` → `@`, `．` → `.`, `𝐡𝐢` → `hi`); the small commercial at as `@`; invisible characters
 * dropped or read as spaces (above). The ideographic full stop `。` stays: in CJK text it ends a
 * sentence, right after an address.
 */
export function canonicalText(text: string): string {
  return text
    .normalize('NFC')
    .replace(PRIVATE_USE, ' ')
    .replace(FULLWIDTH, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0))
    .replace(STYLED_ALPHANUMERIC, (char) => char.normalize('NFKC'))
    .replace(/\uFE6B/g, '@')
    .replace(INVISIBLE_INSIDE, '')
    .replace(INVISIBLE, ' ');
}

/** Canonical text with every obfuscated `@` and `.` replaced by its marker. */
export function markObfuscations(text: string): string {
  let marked = canonicalText(text);
  for (const [pattern, marker] of OBFUSCATIONS) marked = marked.replace(pattern, marker);
  return marked;
}
