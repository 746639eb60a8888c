/**
 * Instagram usernames as users type them (docs/product.md "Extraction"): `@name`, `name` or a profile
 * URL, normalised to lower case. Instagram allows 1–30 letters, digits, `.` and `_`.
 */
export const USERNAME_PATTERN = /^[a-z0-9._]{1,30}$/;

/** How many usernames one run (a batch, a keyword selection) may take. */
export const MAX_RUN_USERNAMES = 1000;

const PROFILE_URL = /^(?:https?:\/\/)?(?:www\.|m\.)?instagram\.com\/([^/?#\s]+)\/?(?:[?#].*)?$/i;

/** The username one line stands for (lower case), or null when it is not a valid username. */
export function normalizeUsername(raw: string): string | null {
  let text = raw.trim();
  const url = PROFILE_URL.exec(text);
  if (url?.[1]) text = url[1];
  text = text.replace(/^@/, '').toLowerCase();
  return USERNAME_PATTERN.test(text) ? text : null;
}

export interface TParsedUsernames {
  /** Valid, normalised, first occurrence only, in input order. */
  usernames: string[];
  /** Non-empty lines that are not usernames, as typed (trimmed). */
  invalid: string[];
  /** How many lines repeated a username already listed. */
  duplicates: number;
}

/** Splits a batch by line (or a CSV's cells), trims, drops empty lines, normalises and de-duplicates. */
export function parseUsernameInput(text: string): TParsedUsernames {
  const usernames: string[] = [];
  const seen = new Set<string>();
  const invalid: string[] = [];
  let duplicates = 0;
  for (const line of text.split(/\r?\n|[,;\t]/)) {
    const trimmed = line
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim();
    if (trimmed === '') continue;
    const username = normalizeUsername(trimmed);
    if (username === null) invalid.push(trimmed);
    else if (seen.has(username)) duplicates += 1;
    else {
      seen.add(username);
      usernames.push(username);
    }
  }
  return { usernames, invalid, duplicates };
}
