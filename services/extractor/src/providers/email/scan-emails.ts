import {
  checkDomain,
  isDomainChar,
  isLocalChar,
  isRareLocalChar,
  isScriptBoundary,
  isUnspacedScript,
  isValidDotAtom,
  isWordChar,
  suffixOf,
} from './email-address.ts';
import {
  AT_BRACKETED,
  AT_SPACED,
  AT_WORD,
  AT_WORD_UPPER,
  DOT_BRACKETED,
  DOT_SPACED,
  DOT_SPACED_BEFORE,
  DOT_WORD,
  markObfuscations,
} from './email-text.ts';
import {
  BARE_AT_ENDINGS,
  LABEL_BEFORE_ADDRESS,
  MAIL_CUE,
  MAILBOX_DOMAINS,
  PLACE_WORDS,
  PLATFORM_LABELS,
  ROLE_MAILBOXES,
  ROLE_WORDS,
  SENTENCE_WORDS,
} from './email-words.ts';

/**
 * Finds addresses in running text (a biography, a link's text) by reading outwards from each `@`
 * (or obfuscated at). An address is taken whole or not at all: when the characters around it would
 * make it part of a longer token (`x@y.com/path`, `a@b@c.com`, `"foo"bar@x.com`, `host.co-uk`), it
 * is dropped rather than trimmed, since a shortened address is a wrong address and a wrong charge.
 */

/** Closing brackets: glued before a local part, they make it the tail of a longer token. */
const CLOSING = new Set([')', ']', '>', '\u00BB', '\u203A', '\\']);
/** Quotes close a token when glued to one (`"foo"bar@x.com`), and open one after a space. */
const QUOTES = new Set(['"', '\u201C', '\u201D', '\u2019']);
/** Dashes and the middle dot join words (`first‐last`, `col·lectiu`): glued to a local part, they extend it. */
const JOINERS = new Set(['\u00B7', '\u2010', '\u2011', '\u2012', '\u2013', '\u2014']);
/** Glued after a domain, these continue the token (a path, a handle, a file name, a query). */
const GLUED_AFTER = new Set(['@', '_', '%', '+', '&', '=', '#', '~', '^', '|', '`', '$', '*', '/', '\\']);

/** Where one part of a bio ends and the next begins: a cue before one of these speaks of another part. */
const SEGMENT_END = /[\n|•·/;]/u;

/** An at written as one (or bracketed): glued before a local part, it makes the address a longer token. */
const isGluedAt = (char: string | undefined) => char === '@' || char === AT_BRACKETED;
/** An at written out as a word or with spaces: also how sentences say where something is. */
const isWeakAt = (char: string | undefined) =>
  char === AT_WORD || char === AT_WORD_UPPER || char === AT_SPACED;

/** Whether the run of unspaced-script letters that ends before `index` ends in a label word. */
function labelEndsAt(chars: string[], index: number): boolean {
  let start = index;
  while (start > 0 && isUnspacedScript(chars[start - 1])) start -= 1;
  return LABEL_BEFORE_ADDRESS.test(chars.slice(start, index).join(''));
}

/** Whether a quote after `char` opens a token: at the start, after a space or an opening bracket. */
const opensToken = (char: string | undefined) => char === undefined || /[\s([{<:]/u.test(char);

interface TLocalPart {
  start: number;
  text: string;
}

/**
 * The local part before the at at `at`, or null when there is none or it is glued to more. A local
 * part read for an obfuscated at may use written-out dots ("anna dot rossi at …"). Quoted local parts
 * (`"john doe"@x.com`) are taken only as a whole e-mail field: in running text the quotes quote.
 */
function readLocal(chars: string[], at: number): TLocalPart | null {
  const marker = chars[at] as string;
  let start = at;
  let scriptChange = false;
  while (start > 0) {
    const char = chars[start - 1] as string;
    const inLocal =
      isLocalChar(char) ||
      isRareLocalChar(char) ||
      char === DOT_BRACKETED ||
      (char === DOT_WORD && marker !== '@');
    if (!inLocal) break;
    if (start < at && isScriptBoundary(char, chars[start])) {
      scriptChange = true;
      break;
    }
    start -= 1;
  }
  if (start === at) return null;
  // Letters of two scripts in one run: the text before is a label ("メールは", "邮箱") or part of the
  // mailbox ("田中taro", "taro田中"); only a known label is cut off, else which mailbox is unknown.
  if (scriptChange && !(isUnspacedScript(chars[start - 1]) && labelEndsAt(chars, start))) return null;
  const before = chars[start - 1];
  // "anna dot rossi@x.com": half written out, half not; which part is the address is unknown.
  if (isGluedAt(before) || before === DOT_WORD) return null;
  if (before !== undefined && CLOSING.has(before)) return null;
  if (before !== undefined && QUOTES.has(before) && !opensToken(chars[start - 2])) return null;
  if (before !== undefined && JOINERS.has(before) && isWordChar(chars[start - 2] ?? '')) return null;
  return { start, text: chars.slice(start, at).join('') };
}

interface TDomainPart {
  end: number;
  text: string;
  /** How each dot was written: `.`, or one of the dot markers. */
  dots: string[];
}

/** The end of the label that starts at `start`, or of its part in one script. */
function labelEnd(chars: string[], start: number): number {
  let index = start;
  while (
    index < chars.length &&
    isDomainChar(chars[index] as string) &&
    !(index > start && isScriptBoundary(chars[index - 1], chars[index]))
  )
    index += 1;
  return index;
}

const isDotMarker = (char: string | undefined) =>
  char === '.' ||
  char === DOT_BRACKETED ||
  char === DOT_SPACED ||
  char === DOT_WORD ||
  char === DOT_SPACED_BEFORE;

/**
 * The domain after the at at `at`: labels joined by dots, stopping before sentence punctuation
 * ("x@y.com." ends a sentence). A spaced " . " after written dots is a separator ("x@y.com . NYC");
 * a " dot " after written dots is half an obfuscation, so nothing is read. A space before the ending
 * ("x@studio .com") is one only right after the name and with an at written as one.
 */
function readDomain(chars: string[], at: number): TDomainPart | null {
  const labels: string[] = [];
  const dots: string[] = [];
  let index = at + 1;
  for (;;) {
    const start = index;
    while (index < chars.length && isDomainChar(chars[index] as string)) {
      if (index > start && isScriptBoundary(chars[index - 1], chars[index])) {
        // Text of an unspaced script after the address ("x@y.comまで") ends it; a label that goes on
        // to another dot ("x@mail.abc田中.com") is one domain of two scripts, not this one.
        const end = labelEnd(chars, index);
        if (isDotMarker(chars[end]) && isDomainChar(chars[end + 1] ?? '')) return null;
        break;
      }
      index += 1;
    }
    if (index === start) break;
    labels.push(chars.slice(start, index).join(''));
    const dot = chars[index];
    if (!isDotMarker(dot) || !isDomainChar(chars[index + 1] ?? '')) break;
    if (dot === DOT_SPACED_BEFORE && (dots.length > 0 || !isGluedAt(chars[at]))) {
      // "x@studio .com" only: after a full domain ("x@mail.studio .com") or a weak at, a space before
      // an ending leaves the address unknown; before other words it is a sentence's stray space.
      const next = chars.slice(index + 1, labelEnd(chars, index + 1)).join('');
      if (checkDomain(`x.${next}`) || !isGluedAt(chars[at])) return null;
      break;
    }
    if ((dot === DOT_SPACED || dot === DOT_WORD) && dots.includes('.')) {
      if (dot === DOT_WORD) return null;
      break;
    }
    dots.push(dot);
    index += 1;
  }
  if (labels.length === 0) return null;
  return { end: index, text: labels.join('.'), dots };
}

/** The text of the bio's part that leads to `index`: from the last line break, pipe, bullet, slash. */
function segmentBefore(chars: string[], index: number): string {
  let start = index;
  while (start > 0 && !SEGMENT_END.test(chars[start - 1] as string)) start -= 1;
  return chars.slice(start, index).join('');
}

/**
 * The word right before the local part that starts at `start` on its line ("" when punctuation, an
 * emoji or nothing comes first): "anna rossi at x.com" has "anna" before "rossi".
 */
function wordBefore(chars: string[], start: number): string {
  let end = start;
  while (end > 0 && /[^\S\n]/u.test(chars[end - 1] as string)) end -= 1;
  let begin = end;
  while (begin > 0 && isWordChar(chars[begin - 1] as string)) begin -= 1;
  return chars.slice(begin, end).join('');
}

/**
 * Whether an address read with a weak at ("name at …", "name @ …") is one and not a sentence: the
 * local part is one token and not a sentence word, nothing but a cue word ("email anna at …") stands
 * right before it (else it may be the tail of a name, "anna rossi at …"), and the domain is written
 * out too ("dot"), or is a mail provider's, or the part of the bio says an address follows ("Email:
 * name @ brand.com").
 */
function weakAtHolds(
  chars: string[],
  local: TLocalPart,
  address: { local: string; domain: string },
  domainPart: TDomainPart,
) {
  if (!/^[\p{L}\p{Nd}._+-]+$/u.test(address.local) || SENTENCE_WORDS.has(address.local)) return false;
  const before = wordBefore(chars, local.start);
  if (before !== '' && !MAIL_CUE.test(before)) return false;
  if (domainPart.dots.some((dot) => dot !== '.') || MAILBOX_DOMAINS.has(address.domain)) return true;
  return MAIL_CUE.test(segmentBefore(chars, local.start)) || bareAtHolds(chars, local, address, domainPart);
}

/**
 * "jane at studio.com" with no cue: all in lower case as written, the name first in its part of the
 * bio (nothing but punctuation or a line break before it), not a word that says where to buy or go
 * or what someone is at a company ("designer at figma.com"), a plain word only when short and no
 * gerund or a business mailbox's name, and the domain a registrable name with nothing before it
 * ("merch at shop.band.com" is not) on a classic or a country's ending.
 */
function bareAtHolds(
  chars: string[],
  local: TLocalPart,
  address: { local: string; domain: string },
  domainPart: TDomainPart,
) {
  if (chars[local.start + local.text.length] !== AT_WORD) return false;
  if (PLACE_WORDS.has(address.local) || ROLE_WORDS.has(address.local)) return false;
  if (!/^[\p{Ll}\p{Nd}._+-]+$/u.test(local.text) || domainPart.text !== domainPart.text.toLowerCase())
    return false;
  // A plain word that is no mailbox name is a sentence's ("appointments at", "dreaming at").
  const plainWord = /^\p{Ll}+$/u.test(address.local);
  if (
    plainWord &&
    !ROLE_MAILBOXES.has(address.local) &&
    (address.local.length > 8 || address.local.endsWith('ing'))
  )
    return false;
  const { registrable, publicSuffix } = suffixOf(address.domain);
  const name = registrable.slice(0, registrable.length - publicSuffix.length - 1);
  if (registrable !== address.domain || SENTENCE_WORDS.has(name)) return false;
  const ending = publicSuffix.slice(publicSuffix.lastIndexOf('.') + 1);
  if (!(BARE_AT_ENDINGS.has(ending) || ending.length === 2 || !/^[a-z]+$/.test(ending))) return false;
  return wordBefore(chars, local.start) === '';
}

/** The address whose at is at `at`, lower case, or null. */
function readAddressAt(chars: string[], at: number): string | null {
  const marker = chars[at] as string;
  const localPart = readLocal(chars, at);
  const domainPart = readDomain(chars, at);
  if (!localPart || !domainPart) return null;
  let local = localPart.text;
  const after = chars[domainPart.end];
  if (after !== undefined && GLUED_AFTER.has(after)) return null;
  // 'x@y.com': quotes around the address, not an apostrophe in it.
  if (local.startsWith("'")) {
    if (after !== "'") return null;
    local = local.slice(1);
  } else if (after === "'" && isWordChar(chars[domainPart.end + 1] ?? '')) return null;

  const writtenOutLocal = local.includes(DOT_BRACKETED) || local.includes(DOT_WORD);
  local = local.replaceAll(DOT_BRACKETED, '.').replaceAll(DOT_WORD, '.').toLowerCase();
  if (!isValidDotAtom(local, { rare: false }) || /^[&%]/.test(local)) return null;
  if (PLATFORM_LABELS.has(local)) return null;
  const domain = checkDomain(domainPart.text);
  if (!domain) return null;
  if (domainPart.dots[0] === DOT_SPACED_BEFORE) {
    // "name@studio .com": what follows the space is the ending, nothing else, as written.
    const ending = domainPart.text.slice(domainPart.text.indexOf('.') + 1);
    if (ending !== ending.toLowerCase() || ending !== suffixOf(domain).publicSuffix) return null;
  }

  const obfuscated = marker !== '@' || writtenOutLocal || domainPart.dots.some((dot) => dot !== '.');
  if (obfuscated && domain.startsWith('www.')) return null;
  if (isWeakAt(marker) && !weakAtHolds(chars, localPart, { local, domain }, domainPart)) return null;
  const address = `${local}@${domain}`;
  return Buffer.byteLength(address, 'utf8') <= 254 ? address : null;
}

/** Every address written in `text`, lower case, distinct, in the order they appear. */
export function scanEmails(text: string): string[] {
  const chars = Array.from(markObfuscations(text));
  const found = new Set<string>();
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index];
    if (!isGluedAt(char) && !isWeakAt(char)) continue;
    const address = readAddressAt(chars, index);
    if (address) found.add(address);
  }
  return [...found];
}
