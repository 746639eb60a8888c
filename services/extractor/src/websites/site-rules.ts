import { parse as parseHostname } from 'tldts';

/**
 * Which pages and addresses count, as pure rules: what a "site" is, which of its links usually hold
 * contacts, which hosts are link-in-bio pages or social networks, and which address to prefer.
 */

/** Link-in-bio pages: a list of someone's links; the address, or the site, is one of them. */
export const LINK_IN_BIO_HOSTS = [
  'linktr.ee',
  'lnk.bio',
  'beacons.ai',
  'bio.link',
  'campsite.bio',
  'linkin.bio',
  'taplink.cc',
  'many.link',
  'solo.to',
  'hoo.be',
  'linkpop.com',
  'tap.bio',
  'allmylinks.com',
  'snipfeed.co',
  'msha.ke',
] as const;

/** Networks whose pages never hold a contact address for us (and refuse robots anyway). */
const SOCIAL_HOSTS = [
  'instagram.com',
  'facebook.com',
  'fb.com',
  'threads.net',
  'tiktok.com',
  'youtube.com',
  'youtu.be',
  'twitter.com',
  'x.com',
  'linkedin.com',
  'pinterest.com',
  'snapchat.com',
  'spotify.com',
  'apple.com',
  'wa.me',
  'whatsapp.com',
  't.me',
  'telegram.me',
  'discord.gg',
  'twitch.tv',
  'soundcloud.com',
  'vimeo.com',
] as const;

/**
 * Placeholder and tracker addresses sites carry without meaning them as a contact: a template's
 * "you@yoursite.com" left in place, error trackers' and site builders' own addresses.
 */
export const JUNK_EMAIL_DOMAINS = [
  'domain.com',
  'email.com',
  'yourdomain.com',
  'yoursite.com',
  'yourwebsite.com',
  'yourcompany.com',
  'sentry.io',
  'wixpress.com',
] as const;

const bare = (host: string) => host.toLowerCase().replace(/^www\./, '');
const isUnder = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

export const isLinkInBioHost = (host: string) =>
  LINK_IN_BIO_HOSTS.some((domain) => isUnder(bare(host), domain));
export const isSocialHost = (host: string) => SOCIAL_HOSTS.some((domain) => isUnder(bare(host), domain));

/** Two URLs are one site when their hosts are the same but for a leading `www.`. */
export const isSameSite = (a: URL, b: URL) => bare(a.hostname) === bare(b.hostname);

/**
 * An address "on the site's own domain": its domain is the site's host, or one is under the other
 * (`hello@brand.com` on `shop.brand.com`, `info@shop.brand.com` on `brand.com`).
 */
export function isOnSiteEmail(email: string, siteHost: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const host = bare(siteHost);
  return isUnder(host, domain) || isUnder(domain, host);
}

/** A junk domain, or `example` under any public suffix (`example.com`, `example.org`, `example.co.uk`…). */
export const isJunkEmail = (email: string) => {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (parseHostname(domain).domainWithoutSuffix === 'example') return true;
  return JUNK_EMAIL_DOMAINS.some((junk) => isUnder(domain, junk));
};

/** A found address, the page it was read on and when that page was fetched. */
export interface TEmailCandidate {
  email: string;
  pageUrl: string;
  fetchedAt: Date;
}

/**
 * The address to keep: the first on the site's own domain, else the first at all; junk never (a
 * placeholder domain's address counts only on that domain's own site).
 */
export function pickWebsiteEmail(
  candidates: readonly TEmailCandidate[],
  siteHost: string,
): TEmailCandidate | null {
  const onSite = candidates.find((candidate) => isOnSiteEmail(candidate.email, siteHost));
  return onSite ?? candidates.find((candidate) => !isJunkEmail(candidate.email)) ?? null;
}

/** Words that name a contact page, strongest first, in the languages sites are commonly written in. */
const CONTACT_WORDS: Array<[RegExp, number]> = [
  [
    /\b(contact|contacts|kontakt|kontakte|contacto|contactos|contatti|contatto|contato|contactez|get in touch)\b/,
    3,
  ],
  [/\b(impressum|imprint|legal notice|mentions legales|aviso legal|colofon)\b/, 2],
  [/\b(about|about us|ueber uns|uber uns|a propos|chi siamo|quienes somos|sobre nos|over ons|team)\b/, 1],
];
/** Links to files, not pages. */
const FILE_PATH = /\.(pdf|jpe?g|png|gif|webp|svg|zip|docx?|xlsx?|pptx?|mp[34]|mov|avi)$/i;

const words = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ');
const withoutSlash = (url: URL) => `${url.origin}${url.pathname.replace(/\/+$/, '')}${url.search}`;

/**
 * How strongly a link looks like a contact page (0: not at all), from the last part of its path and
 * from its text. Said in a few words ("Kontakt", "/contact-us") it counts fully; inside a longer
 * phrase (a blog post "Kontakt zu Kunden pflegen") half.
 */
export function contactScore(link: { url: string; text: string }): number {
  let segment: string;
  try {
    segment = new URL(link.url).pathname.split('/').filter(Boolean).pop() ?? '';
    segment = decodeURIComponent(segment);
  } catch {
    return 0;
  }
  const scoreOf = (text: string) => {
    const said = words(text).trim();
    if (said === '') return 0;
    const base = CONTACT_WORDS.find(([pattern]) => pattern.test(said))?.[1] ?? 0;
    return said.split(' ').length <= 3 ? base : base / 2;
  };
  return Math.max(scoreOf(segment), scoreOf(link.text));
}

/**
 * Up to `max` pages of the same site that usually hold contacts (contact, then impressum, then
 * about), from the page's own links, in page order within a kind; the page itself never.
 */
export function pickContactPages(
  links: ReadonlyArray<{ url: string; text: string }>,
  pageUrl: string,
  max = 3,
): string[] {
  const page = new URL(pageUrl);
  const seen = new Set([withoutSlash(page)]);
  const scored: Array<{ url: string; score: number; order: number }> = [];
  links.forEach((link, order) => {
    let url: URL;
    try {
      url = new URL(link.url);
    } catch {
      return;
    }
    if (!isSameSite(url, page) || FILE_PATH.test(url.pathname)) return;
    const key = withoutSlash(url);
    const score = contactScore(link);
    if (score === 0 || seen.has(key)) return;
    seen.add(key);
    scored.push({ url: url.href, score, order });
  });
  return scored
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, max)
    .map((entry) => entry.url);
}

/** The links of a link-in-bio page that lead to someone's own site (not a network, not another bio page). */
export function outboundSites(links: ReadonlyArray<{ url: string }>, pageUrl: string): string[] {
  const page = new URL(pageUrl);
  const sites: string[] = [];
  for (const link of links) {
    let url: URL;
    try {
      url = new URL(link.url);
    } catch {
      continue;
    }
    if (isSameSite(url, page) || isSocialHost(url.hostname) || isLinkInBioHost(url.hostname)) continue;
    if (!sites.some((site) => isSameSite(new URL(site), url))) sites.push(url.href);
  }
  return sites;
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'()]+/gi;
const BARE_LINK_IN_TEXT = new RegExp(
  `(?<![\\w.@/-])(?:www\\.[a-z0-9-]+(?:\\.[a-z0-9-]+)+|(?:${LINK_IN_BIO_HOSTS.map((h) => h.replace('.', '\\.')).join('|')}))(?:/[^\\s<>"'()]*)?`,
  'gi',
);

/** A profile link as a URL to fetch: http(s) only, `https://` added to a bare domain; null otherwise. */
export function asWebsiteUrl(raw: string | null | undefined): URL | null {
  const text = raw?.trim().replace(/[.,;:!?]+$/, '');
  if (!text) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.') || url.username || url.password) return null;
    url.hash = '';
    return url;
  } catch {
    return null;
  }
}

/**
 * The sites a profile links to, in order: its external URL, then links written in its biography
 * (full URLs, `www.` domains and link-in-bio pages). Social networks are left out; at most `max`.
 */
export function websitesOfProfile(
  profile: { external_url: string | null; biography: string | null },
  max = 2,
): URL[] {
  const raw = [
    profile.external_url,
    ...(profile.biography?.match(URL_IN_TEXT) ?? []),
    ...(profile.biography?.match(BARE_LINK_IN_TEXT) ?? []),
  ];
  const sites: URL[] = [];
  for (const candidate of raw) {
    const url = asWebsiteUrl(candidate);
    if (!url || isSocialHost(url.hostname)) continue;
    if (sites.some((site) => site.href === url.href)) continue;
    sites.push(url);
    if (sites.length === max) break;
  }
  return sites;
}
