import { domainToASCII } from 'node:url';
import { parse as parseHostname } from 'tldts';

/**
 * What an address may be made of (RFC 5322 dot-atom, RFC 6531 for non-ASCII), and the checks a
 * domain must pass before anyone is charged for it.
 */

const LETTER_OR_DIGIT = /^[\p{L}\p{Nd}]$/u;
const MARK = /^\p{M}$/u;
/** Marks that are emoji presentation, not writing: variation selectors and the keycap. */
const EMOJI_MARK = /^[\uFE00-\uFE0F\u20E3\u{E0100}-\u{E01EF}]$/u;
/** Scripts written without spaces between words: a change to or from ASCII is a word boundary. */
const UNSPACED_SCRIPT =
  /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30FC\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]$/u;
const ASCII_LETTER_OR_DIGIT = /^[A-Za-z0-9]$/;

/** Letters and digits of any script, and the combining marks that belong to them. */
export const isWordChar = (char: string): boolean =>
  LETTER_OR_DIGIT.test(char) || (MARK.test(char) && !EMOJI_MARK.test(char));

/** Local-part characters that real mailboxes use (o'brien, a&r, first.last+tag, 100%_real-name). */
const LOCAL_PUNCTUATION = new Set(['.', '_', '%', '+', "'", '&', '-']);
/**
 * The rest of RFC 5322's atext. Valid in an address, but in running text they are separators far
 * more often ("Photographer|hello@x.com", "email=x@y.com"), so an address containing one is only
 * taken when it is the whole of an e-mail field.
 */
const LOCAL_RARE = new Set(['!', '#', '$', '*', '/', '=', '?', '^', '`', '{', '|', '}', '~']);

export const isLocalChar = (char: string): boolean => isWordChar(char) || LOCAL_PUNCTUATION.has(char);
export const isRareLocalChar = (char: string): boolean => LOCAL_RARE.has(char);
export const isDomainChar = (char: string): boolean => isWordChar(char) || char === '-';

export const isUnspacedScript = (char: string | undefined): boolean =>
  char !== undefined && UNSPACED_SCRIPT.test(char);

/** True between an ASCII letter or digit and a letter of an unspaced script (either order). */
export function isScriptBoundary(before: string | undefined, after: string | undefined): boolean {
  if (before === undefined || after === undefined) return false;
  return (
    (ASCII_LETTER_OR_DIGIT.test(before) && UNSPACED_SCRIPT.test(after)) ||
    (UNSPACED_SCRIPT.test(before) && ASCII_LETTER_OR_DIGIT.test(after))
  );
}

const utf8Length = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * A dot-atom local part's own rules: 1–64 octets, atoms of allowed characters, no dot first, last or
 * twice in a row, at least one letter or digit. `rare` admits the rest of atext.
 */
export function isValidDotAtom(local: string, { rare }: { rare: boolean }): boolean {
  if (local === '' || utf8Length(local) > 64) return false;
  if (local.split('.').some((atom) => atom === '')) return false;
  let hasWordChar = false;
  for (const char of local) {
    if (isWordChar(char)) hasWordChar = true;
    else if (!(LOCAL_PUNCTUATION.has(char) || (rare && LOCAL_RARE.has(char)))) return false;
  }
  return (rare || hasWordChar) && !MARK.test(local.charAt(0));
}

/** A quoted local part (`"john doe"`, `"a\"b"`): printable content, escapes paired, 1–64 octets. */
export function isValidQuotedLocal(local: string): boolean {
  return utf8Length(local) <= 64 && /^"(?:[^"\\\p{Cc}]|\\[^\p{Cc}])+"$/u.test(local);
}

/** The two endings that are also everyday file types (`clip@2x.mov`, `fonts@v2.zip`). */
const FILE_SUFFIXES = new Set(['zip', 'mov']);
/** `@2x`, `@3x`: image scale suffixes of file names, not domains. */
const SCALE_LABEL = /^\d+x$/;

/**
 * The domain in lower case when mail can go there: labels of letters, digits and inner hyphens (any
 * script; at most 63 octets each in their ASCII form, 253 in all), ending in a suffix of the public
 * suffix list's ICANN section with a registrable name before it. No IP literals, no bare suffixes,
 * no `.example`/`.test`/`.local`, no made-up endings (`host.co-uk`).
 */
export function checkDomain(domain: string): string | null {
  const lower = domain.toLowerCase();
  const labels = lower.split('.');
  if (labels.length < 2) return null;
  for (const label of labels) {
    if (label === '' || label.startsWith('-') || label.endsWith('-') || MARK.test(label.charAt(0)))
      return null;
    for (const char of label) if (!isDomainChar(char)) return null;
  }
  const ascii = domainToASCII(lower);
  if (ascii === '' || ascii.length > 253 || ascii.split('.').some((label) => label.length > 63)) return null;
  if (SCALE_LABEL.test(labels[0] ?? '') || FILE_SUFFIXES.has(labels.at(-1) ?? '')) return null;
  const parsed = parseHostname(lower);
  if (parsed.isIp || parsed.isIcann !== true || !parsed.domain || parsed.hostname !== lower) return null;
  return lower;
}

/** The domain's public suffix and registrable name (`studio.co.uk` → `co.uk`, `studio.co.uk`). */
export function suffixOf(domain: string): { publicSuffix: string; registrable: string } {
  const parsed = parseHostname(domain);
  return { publicSuffix: parsed.publicSuffix ?? '', registrable: parsed.domain ?? '' };
}

/**
 * A whole string as one address (an e-mail field's value): dot-atom with all of atext, or a quoted
 * local part; one trailing dot of a fully qualified domain is dropped. Lower case, or null.
 */
export function parseWholeAddress(value: string): string | null {
  const at = value.lastIndexOf('@');
  if (at <= 0) return null;
  const local = value.slice(0, at);
  const domain = checkDomain(value.slice(at + 1).replace(/(?<=[^.])\.$/, ''));
  if (!domain) return null;
  const validLocal = local.startsWith('"')
    ? isValidQuotedLocal(local)
    : isValidDotAtom(local, { rare: true });
  if (!validLocal || utf8Length(local) + 1 + utf8Length(domain) > 254) return null;
  return `${local.toLowerCase()}@${domain}`;
}
