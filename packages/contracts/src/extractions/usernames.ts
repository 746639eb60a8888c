/**
 * Instagram usernames as users type them (docs/product.md "Extraction"): `@name`, `name` or a profile
 * link, normalised to lower case. Instagram's rules: 1–30 letters, digits, periods and underscores, no
 * period first or last, never two periods in a row.
 */
export const USERNAME_PATTERN = /^(?!\.)(?!.*\.\.)[a-z0-9._]{1,30}(?<!\.)$/;

/** How many usernames one run (a batch, a keyword selection) may take. */
export const MAX_RUN_USERNAMES = 1000;

/**
 * Invisible characters that copying from a bio, a chat or a spreadsheet leaves in a line: zero-width
 * space / non-joiner / joiner, word joiner, byte-order mark, and the left-to-right / right-to-left
 * marks. They are never part of a username, so they are dropped rather than refused.
 */
const INVISIBLE = /[\u200B-\u200F\u2060\uFEFF]/g;

/** instagram.com (www., m.) or instagr.am, with or without a scheme; group 1 is the rest. */
const INSTAGRAM_LINK = /^(?:https?:\/\/)?(?:www\.|m\.)?(?:instagram\.com|instagr\.am)(?=[/?#]|$)(.*)$/i;
/** Something that is a link, but not to Instagram: a scheme, or a host followed by a path. */
const OTHER_LINK = /^[a-z][a-z0-9+.-]*:\/\/|^[^\s/@]+\.[a-z]{2,}\//i;

/** First path segments of instagram.com that are the app's own pages, never a profile. */
const APP_PATHS: Record<string, string> = {
  p: 'a link to a post, not a profile',
  reel: 'a link to a reel, not a profile',
  reels: 'a link to reels, not a profile',
  tv: 'a link to a video, not a profile',
  explore: 'a link to Explore, not a profile',
  accounts: 'a link to account settings, not a profile',
  direct: 'a link to Direct messages, not a profile',
  about: 'a link to an Instagram page, not a profile',
  legal: 'a link to an Instagram page, not a profile',
  developer: 'a link to an Instagram page, not a profile',
  challenge: 'a link to an Instagram page, not a profile',
  web: 'a link to an Instagram page, not a profile',
};

export type TUsernameReading = { ok: true; username: string } | { ok: false; reason: string };

const refuse = (reason: string): TUsernameReading => ({ ok: false, reason });

/** Why `name` (lower case, no `@`) breaks Instagram's rules, or null when it keeps them. */
export function usernameRuleBroken(name: string): string | null {
  if (name === '') return 'no username';
  const stray = /[^a-z0-9._]/u.exec(name)?.[0];
  if (stray !== undefined) {
    const shown = /\s/.test(stray) ? 'a space' : `"${stray}"`;
    return `has ${shown}: only letters, digits, periods and underscores are allowed`;
  }
  if (name.length > 30) return `longer than 30 characters (${name.length})`;
  if (name.startsWith('.')) return 'starts with a period';
  if (name.endsWith('.')) return 'ends with a period';
  if (name.includes('..')) return 'has two periods in a row';
  return null;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The name a link to instagram.com stands for, or why it stands for none. */
function readInstagramLink(rest: string): { name: string } | { reason: string } {
  const path = rest.split(/[?#]/, 1)[0] ?? '';
  const segments = path
    .split('/')
    .filter((segment) => segment !== '')
    .map(safeDecode);
  const [first, second] = segments;
  if (first === undefined) return { reason: 'an Instagram link without a username' };
  const page = first.toLowerCase();
  // A story link names its account: /stories/{name}/{story id}; highlights have no name in the path.
  if (page === 'stories') {
    if (second === undefined) return { reason: 'a link to stories without a username' };
    if (second.toLowerCase() === 'highlights') return { reason: 'a link to a highlight, not a profile' };
    return { name: second };
  }
  // The app's "open in Instagram" form: /_u/{name}.
  if (page === '_u' && second !== undefined) return { name: second };
  const appPage = Object.hasOwn(APP_PATHS, page) ? APP_PATHS[page] : undefined;
  if (appPage) return { reason: appPage };
  return { name: first };
}

/**
 * The username one line stands for (lower case), or the reason it stands for none. Profile links
 * may carry a query, a fragment and trailing segments (`instagram.com/natgeo/reels/?igsh=…`).
 */
export function readUsername(raw: string): TUsernameReading {
  const text = raw.replace(INVISIBLE, '').trim();
  if (text === '') return refuse('no username');
  let name = text;
  const link = INSTAGRAM_LINK.exec(text);
  if (link) {
    const read = readInstagramLink(link[1] ?? '');
    if ('reason' in read) return refuse(read.reason);
    name = read.name;
  } else if (OTHER_LINK.test(text)) {
    return refuse('a link that is not an Instagram profile');
  }
  const username = name.replace(/^@/, '').toLowerCase();
  const broken = usernameRuleBroken(username);
  return broken ? refuse(broken) : { ok: true, username };
}

/** The username one line stands for (lower case), or null when it is not a valid username. */
export function normalizeUsername(raw: string): string | null {
  const reading = readUsername(raw);
  return reading.ok ? reading.username : null;
}

/** A line of a batch that names no username, as typed (trimmed), and why. */
export interface TInvalidUsernameLine {
  line: string;
  reason: string;
}

export interface TParsedUsernames {
  /** Valid, normalised, first occurrence only, in input order. */
  usernames: string[];
  /** Non-empty lines that are not usernames, in input order, each with its reason. */
  invalid: TInvalidUsernameLine[];
  /** How many lines repeated a username already listed. */
  duplicates: number;
}

/** Splits a batch by line (or a CSV's cells), trims, drops empty lines, normalises and de-duplicates. */
export function parseUsernameInput(text: string): TParsedUsernames {
  const usernames: string[] = [];
  const seen = new Set<string>();
  const invalid: TInvalidUsernameLine[] = [];
  let duplicates = 0;
  for (const cell of text.split(/\r?\n|[,;\t]/)) {
    const line = cell
      .replace(INVISIBLE, '')
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim();
    if (line === '') continue;
    const reading = readUsername(line);
    if (!reading.ok) invalid.push({ line, reason: reading.reason });
    else if (seen.has(reading.username)) duplicates += 1;
    else {
      seen.add(reading.username);
      usernames.push(reading.username);
    }
  }
  return { usernames, invalid, duplicates };
}
