import type { TExtractionData } from '@prospector/contracts';
import type { TFetchedPage, TPageSource } from './page-source.ts';
import { readPage } from './read-page.ts';
import {
  isLinkInBioHost,
  isOnSiteEmail,
  outboundSites,
  pickContactPages,
  pickWebsiteEmail,
  type TEmailCandidate,
  websitesOfProfile,
} from './site-rules.ts';

export interface TWebsiteLookupOptions {
  pages: TPageSource;
  /** All the time one account's lookup may take, every page and wait included (10 s). */
  budgetMs: number;
  /** Contact pages read after a site's linked page (3). */
  contactPages: number;
  /** Told about each page not read, for the logs. */
  onSkip?: (page: Extract<TFetchedPage, { kind: 'skipped' }>) => void;
}

export const DEFAULT_WEBSITE_LOOKUP = { budgetMs: 10_000, contactPages: 3 } as const;

/** An address found on a linked website, the exact page it was read on, and when that was fetched. */
export type TWebsiteEmail = TEmailCandidate;

/** At most this many pages per account, whatever its links: a bio page, two sites and their contact pages. */
const MAX_PAGES = 9;

/**
 * Looks for a contact address on the websites a profile links to: each site's linked page, then at most
 * `contactPages` of its pages that usually hold contacts (found from the page's own links). An address
 * on the site's own domain wins and ends the search; otherwise the first address found is kept. A
 * link-in-bio page (linktr.ee…) is read too, and the first site it lists is followed. Everything runs
 * within `budgetMs`: when time is up, what was found so far is the answer. Never throws.
 */
export async function findWebsiteEmail(
  profile: Pick<TExtractionData, 'external_url' | 'biography'>,
  options: TWebsiteLookupOptions,
  signal?: AbortSignal,
): Promise<TWebsiteEmail | null> {
  const sites = websitesOfProfile(profile);
  if (sites.length === 0) return null;
  const deadline = Date.now() + options.budgetMs;
  const budget = AbortSignal.timeout(options.budgetMs);
  const stop = signal ? AbortSignal.any([signal, budget]) : budget;
  let pagesLeft = MAX_PAGES;
  /** Addresses found off the site's domain, kept in case no site has one of its own. */
  const fallbacks: TEmailCandidate[] = [];

  async function read(url: string) {
    if (pagesLeft <= 0 || stop.aborted) return null;
    pagesLeft -= 1;
    const page = await options.pages.fetchPage(url, { signal: stop, deadline });
    if (page.kind === 'skipped') {
      options.onSkip?.(page);
      return null;
    }
    const reading = readPage(page.html, page.url);
    const candidatesOf = (encoded: boolean) =>
      reading.emails
        .filter(({ how }) => (how === 'cfemail') === encoded)
        .map(({ address }) => ({ email: address, pageUrl: page.url, fetchedAt: page.fetchedAt }));
    return { page, reading, candidates: candidatesOf(false), encoded: candidatesOf(true) };
  }

  /** One site: its page, then its contact pages; the site's own address, or null (fallbacks kept). */
  async function searchSite(url: string, depth: number): Promise<TEmailCandidate | null> {
    const first = await read(url);
    if (!first) return null;
    const host = new URL(first.page.url).hostname;
    if (isLinkInBioHost(host)) {
      // The person's own list of links: an address there is theirs, whatever its domain.
      const listed = pickWebsiteEmail([...first.candidates, ...first.encoded], host);
      if (listed) return listed;
      const [site] = outboundSites(first.reading.links, first.page.url);
      return depth === 0 && site ? searchSite(site, depth + 1) : null;
    }
    // What visitors see comes before Cloudflare encodings, on every page of the site: an encoding
    // may be a template's leftover (read-page.ts), so it wins only where nothing visible does.
    const found = [...first.candidates];
    const encoded = [...first.encoded];
    const own = () => pickWebsiteEmail([...found, ...encoded], host);
    let best = own();
    if (best && isOnSiteEmail(best.email, host)) return best;
    for (const contactUrl of pickContactPages(first.reading.links, first.page.url, options.contactPages)) {
      const contact = await read(contactUrl);
      if (!contact) continue;
      found.push(...contact.candidates);
      encoded.push(...contact.encoded);
      best = own();
      if (best && isOnSiteEmail(best.email, host)) return best;
    }
    if (best) fallbacks.push(best);
    return null;
  }

  try {
    for (const site of sites) {
      const found = await searchSite(site.href, 0);
      if (found) return found;
      if (stop.aborted) break;
    }
  } catch {
    // A page source never throws by contract; anything else is this account's loss, not the run's.
  }
  return fallbacks[0] ?? null;
}
