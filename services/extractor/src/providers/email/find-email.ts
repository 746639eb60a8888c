import type { TEmailField } from '@prospector/contracts';

/**
 * Finding a public e-mail in what a profile shows: its own e-mail fields first, then text people
 * write in a biography or put behind their link ("mailto:", "name [at] domain [dot] com").
 */

const EMAIL =
  /(?<![\w.%+-])([a-z0-9](?:[a-z0-9._%+-]{0,62}[a-z0-9_%+-])?)@((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,24}))(?![\w-]*@)/gi;
/** Endings that make `logo@2x.png` look like an address; no real mailbox lives under them. */
const FILE_ENDINGS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'heic', 'mp4', 'mov', 'pdf']);

/** "[at]", "(at)", "{at}", " at " between brackets or spaced upper-case "AT"; the same for dot. */
const AT_WORD = /\s*(?:[[({<]\s*at\s*[\])}>]|\s+AT\s+|\s+@\s+)\s*/g;
const DOT_WORD = /\s*(?:[[({<]\s*dot\s*[\])}>]|\s+DOT\s+)\s*/g;

function deobfuscate(text: string): string {
  return text.replace(AT_WORD, '@').replace(DOT_WORD, '.');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The first e-mail address written in `text` (lower case), or null. `@handle` mentions are not e-mails. */
export function findEmailInText(text: string | null | undefined): string | null {
  if (!text) return null;
  const candidates = [text, deobfuscate(text)];
  for (const candidate of candidates) {
    for (const match of candidate.matchAll(EMAIL)) {
      const [, local, domain, ending] = match;
      if (!local || !domain || !ending) continue;
      if (FILE_ENDINGS.has(ending.toLowerCase())) continue;
      if (local.includes('..')) continue;
      return `${local}@${domain}`.toLowerCase();
    }
  }
  return null;
}

/** A link's e-mail: a `mailto:` address or one written in its (decoded) path or query. */
export function findEmailInUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  return findEmailInText(safeDecode(url.replace(/^mailto:/i, ' ')));
}

export interface TEmailSources {
  public_email?: string | null;
  business_email?: string | null;
  biography?: string | null;
  external_url?: string | null;
}

/** The profile's public e-mail and the field it came from, in order of trust; null when there is none. */
export function pickPublicEmail(sources: TEmailSources): { email: string; field: TEmailField } | null {
  const fields: Array<[TEmailField, string | null]> = [
    ['public_email', findEmailInText(sources.public_email)],
    ['business_email', findEmailInText(sources.business_email)],
    ['biography', findEmailInText(sources.biography)],
    ['external_url', findEmailInUrl(sources.external_url)],
  ];
  for (const [field, email] of fields) if (email) return { email, field };
  return null;
}
