import type { TEmailField } from '@prospector/contracts';
import { parseWholeAddress } from './email-address.ts';
import { canonicalText } from './email-text.ts';
import { scanEmails } from './scan-emails.ts';

/**
 * Finding the public e-mails a profile shows: its own e-mail fields first, then text people write in
 * a biography or put behind their links ("mailto:", "name [at] domain [dot] com"). One credit is
 * charged per address found, so an address is returned whole or not at all (docs in
 * `providers/README.md`, "E-mail"); `find-email.corpus.json` measures it.
 */

/** Every address written in `text` (lower case, distinct, in order). `@handle` mentions are not e-mails. */
export function findEmailsInText(text: string | null | undefined): string[] {
  return text ? scanEmails(text) : [];
}

/** The first address written in `text` (lower case), or null. */
export function findEmailInText(text: string | null | undefined): string | null {
  return findEmailsInText(text)[0] ?? null;
}

/**
 * An e-mail field's addresses: the whole value when it is one address (then every character RFC 5322
 * allows is accepted, quoted local parts too), else whatever its text holds.
 */
export function findEmailsInField(value: string | null | undefined): string[] {
  if (!value) return [];
  const whole = parseWholeAddress(
    canonicalText(value)
      .trim()
      .replace(/^mailto:/i, ''),
  );
  return whole ? [whole] : scanEmails(value);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The link as a URL; one written without a scheme is read as https, unless it is `user@host` text. */
function parseUrl(text: string): URL | null {
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text);
  if (!hasScheme && /^[^/]*@/.test(text)) return null;
  for (const candidate of hasScheme ? [text] : [`https://${text}`]) {
    if (!URL.canParse(candidate)) continue;
    const url = new URL(candidate);
    if (url.protocol === 'mailto:' || (url.protocol.startsWith('http') && url.hostname.includes('.')))
      return url;
  }
  return null;
}

/**
 * A link's addresses: a `mailto:` link's recipients, or addresses written in a path segment, a query
 * value or the fragment, each decoded (a redirect's target link is read the same way, once). Never
 * the link's own `user@host` part.
 */
export function findEmailsInUrl(link: string | null | undefined, depth = 0): string[] {
  if (!link) return [];
  const url = parseUrl(link.trim());
  if (!url) return scanEmails(safeDecode(link));
  const found: string[] = [];
  const add = (addresses: string[]) => {
    for (const address of addresses) if (!found.includes(address)) found.push(address);
  };
  if (url.protocol === 'mailto:') {
    for (const recipient of url.pathname.split(',')) add(findEmailsInField(safeDecode(recipient)));
  } else {
    for (const segment of url.pathname.split('/')) add(scanEmails(safeDecode(segment)));
  }
  for (const [name, value] of url.searchParams) {
    if (url.protocol === 'mailto:' && /^(?:to|cc|bcc)$/i.test(name)) add(findEmailsInField(value));
    else if (depth === 0 && /^(?:https?:\/\/|mailto:)/i.test(value)) add(findEmailsInUrl(value, depth + 1));
    else if (url.protocol !== 'mailto:') add(scanEmails(value));
  }
  if (url.hash) add(scanEmails(safeDecode(url.hash.slice(1))));
  return found;
}

/** The first address of a link, or null. */
export function findEmailInUrl(link: string | null | undefined): string | null {
  return findEmailsInUrl(link)[0] ?? null;
}

export interface TEmailSources {
  public_email?: string | null;
  business_email?: string | null;
  biography?: string | null;
  external_url?: string | null;
  /** Every link of the profile (bio links), after `external_url`. */
  external_urls?: ReadonlyArray<string | null | undefined>;
}

export interface TFoundEmail {
  email: string;
  field: TEmailField;
}

/**
 * Every distinct address a profile shows, in order of trust: the public e-mail field, the business
 * one, the biography, then the links. The first is the record's e-mail; bios often list more (booking
 * and press).
 */
export function listPublicEmails(sources: TEmailSources): TFoundEmail[] {
  const found: TFoundEmail[] = [];
  const add = (field: TEmailField, emails: string[]) => {
    for (const email of emails)
      if (!found.some((entry) => entry.email === email)) found.push({ email, field });
  };
  add('public_email', findEmailsInField(sources.public_email));
  add('business_email', findEmailsInField(sources.business_email));
  add('biography', findEmailsInText(sources.biography));
  for (const link of [sources.external_url, ...(sources.external_urls ?? [])])
    add('external_url', findEmailsInUrl(link));
  return found;
}
