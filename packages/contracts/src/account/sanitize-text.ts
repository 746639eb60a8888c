/** Longest text a form field keeps (docs/product.md §9). */
export const MAX_TEXT_LENGTH = 1000;

/**
 * Characters no form field accepts: C0 controls (tab and line breaks included: every cleaned field is
 * one line), DEL and C1 controls, zero-width characters, line and paragraph separators, bidirectional
 * embeddings, overrides and isolates, and the byte-order mark. PostgreSQL cannot store NUL at all.
 */
const DISALLOWED_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0000-\u001F\u007F-\u009F\u200B-\u200D\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF]/;

/** Whether a one-line text field holds a character it must refuse (see DISALLOWED_CHARACTERS). */
export const hasDisallowedCharacters = (text: string): boolean => DISALLOWED_CHARACTERS.test(text);

/**
 * What the cleaning removes, as regular expressions (docs/product.md §5): angle brackets, script-like URL
 * prefixes, inline event handlers such as `onerror=`, and `data:` prefixes. `sanitizeText` removes
 * them in one pass; these describe the contract (a cleaned text matches none of them).
 */
export const HOSTILE_PATTERNS: readonly RegExp[] = [
  /[<>]/,
  /(?:java|vb|live)script\s*:/i,
  /\bon[a-z]+\s*=/i,
  /\bdata\s*:/i,
];

const WHITESPACE = /\s/;
const isWhitespace = (char: string) => WHITESPACE.test(char);
// Without the `u` flag, `\b` and a case-insensitive `[a-z]` see ASCII only.
const isWordChar = (char: string | undefined) => char !== undefined && /[A-Za-z0-9_]/.test(char);
const isLetter = (char: string) => /[A-Za-z]/.test(char);
const SCRIPT_PREFIXES = ['javascript', 'vbscript', 'livescript'];

/**
 * Cleans free text from auth and profile forms (docs/product.md §5): trims, removes angle brackets, script-like
 * prefixes, inline event handlers and data prefixes, and cuts to 1000 characters. Passwords must
 * never be passed through this.
 *
 * One left-to-right pass over the text with the kept characters on a stack. Every token ends with a
 * fixed character (`<`/`>` are tokens themselves, the others end with `:` or `=`), so when that
 * character arrives the token can only be a suffix of what is kept. Removing it exposes no new token:
 * what lies before it was already checked with the same characters to its left. So the kept text
 * never contains a token (nesting such as "javajavascript:script:" cannot reassemble one), cleaning
 * it again changes nothing, and the work is linear in the input (each character is pushed and
 * popped at most once; each check walks back only over the token it removes or the short run of
 * letters and spaces before it, which is bounded by the next push).
 */
export function sanitizeText(input: string, work: TCleaningWork = { steps: 0 }): string {
  const kept: string[] = [];
  for (const char of input) {
    work.steps += 1;
    if (char === '<' || char === '>') continue;
    kept.push(char);
    if (char === ':') removeColonToken(kept, work);
    else if (char === '=') removeHandlerToken(kept, work);
  }
  return kept.join('').trim().slice(0, MAX_TEXT_LENGTH).trim();
}

/** Counts the characters `sanitizeText` looks at, so tests can prove the work stays linear. */
export interface TCleaningWork {
  steps: number;
}

/** Index where the run of whitespace ending just before `end` starts. */
function skipWhitespaceBack(kept: string[], end: number, work: TCleaningWork): number {
  let index = end;
  while (index > 0 && isWhitespace(kept[index - 1] as string)) {
    index -= 1;
    work.steps += 1;
  }
  return index;
}

/** Whether `kept[start, start + word.length)` spells `word`, ignoring ASCII case. */
function spells(kept: string[], start: number, word: string, work: TCleaningWork): boolean {
  if (start < 0) return false;
  for (let i = 0; i < word.length; i += 1) {
    work.steps += 1;
    if ((kept[start + i] as string).toLowerCase() !== word[i]) return false;
  }
  return true;
}

/** `kept` ends with `:`: drops a `javascript :`-like or `data :` prefix that ends there. */
function removeColonToken(kept: string[], work: TCleaningWork) {
  const wordEnd = skipWhitespaceBack(kept, kept.length - 1, work);
  for (const prefix of SCRIPT_PREFIXES) {
    const start = wordEnd - prefix.length;
    if (spells(kept, start, prefix, work)) {
      kept.length = start;
      return;
    }
  }
  const start = wordEnd - 'data'.length;
  if (spells(kept, start, 'data', work) && !isWordChar(kept[start - 1])) kept.length = start;
}

/** `kept` ends with `=`: drops an inline handler (`onload =`) that ends there. */
function removeHandlerToken(kept: string[], work: TCleaningWork) {
  const wordEnd = skipWhitespaceBack(kept, kept.length - 1, work);
  let start = wordEnd;
  while (start > 0 && isLetter(kept[start - 1] as string)) {
    start -= 1;
    work.steps += 1;
  }
  // `\bon[a-z]+`: "on" and at least one letter, at the start of a word.
  if (wordEnd - start >= 3 && spells(kept, start, 'on', work) && !isWordChar(kept[start - 1])) {
    kept.length = start;
  }
}
