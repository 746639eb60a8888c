/** Longest text a form field keeps (spec §9). */
export const MAX_TEXT_LENGTH = 1000;

// Each pattern is applied until nothing changes, so nesting ("javajavascript:script:") cannot
// reassemble a removed token.
const HOSTILE_PATTERNS: RegExp[] = [
  /[<>]/g, // angle brackets: no markup survives
  /(?:java|vb|live)script\s*:/gi, // script-like URL prefixes
  /\bon[a-z]+\s*=/gi, // inline event handlers such as onerror=
  /\bdata\s*:/gi, // data: URL prefixes
];

/**
 * Cleans free text from auth and profile forms (spec §5): trims, removes angle brackets, script-like
 * prefixes, inline event handlers and data prefixes, and cuts to 1000 characters. Passwords must
 * never be passed through this.
 */
export function sanitizeText(input: string): string {
  let text = input;
  let previous: string;
  do {
    previous = text;
    for (const pattern of HOSTILE_PATTERNS) text = text.replace(pattern, '');
  } while (text !== previous);
  return text.trim().slice(0, MAX_TEXT_LENGTH).trim();
}
