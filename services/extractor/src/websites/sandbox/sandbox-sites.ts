import { systemClock, type TClock } from '../../providers/clock.ts';
import { seededRandom } from '../../providers/sandbox/seeded-random.ts';
import { EMAIL_MAILBOXES } from '../../providers/sandbox/synthetic-vocabulary.ts';
import type { TFetchedPage, TPageSource } from '../page-source.ts';

/**
 * Where a sample site keeps its address, and how it is written, so a demo exercises every reading:
 * a footer `mailto:`, contact-page text, Cloudflare's encoding, HTML entities on an impressum, JSON-LD.
 */
const PLACEMENTS = [
  'home_mailto',
  'contact_text',
  'contact_cfemail',
  'impressum_entities',
  'about_json_ld',
] as const;
export type TSampleSitePlacement = (typeof PLACEMENTS)[number];

export interface TSampleSite {
  name: string;
  /** The address and where it is; null for a site that shows none. */
  email: { address: string; placement: TSampleSitePlacement } | null;
  hasImpressum: boolean;
}

const SITE_HOST = /^([a-z0-9]+)\.example\.com$/;

/**
 * The sample site at `https://<slug>.example.com` (the sandbox profiles' external URLs): a pure function of
 * the slug. About two in three show an address on the site's own domain; a slug containing `website`
 * always does, on its contact page.
 */
export function sampleSite(slug: string): TSampleSite {
  const random = seededRandom(`site:${slug}`);
  const forced = slug.includes('website');
  const shows = forced || random.chance(0.65);
  const placement: TSampleSitePlacement = forced ? 'contact_text' : random.pick(PLACEMENTS);
  const address = `${random.pick(EMAIL_MAILBOXES)}@${slug}.example.com`;
  return {
    name: slug.charAt(0).toUpperCase() + slug.slice(1),
    email: shows ? { address, placement } : null,
    hasImpressum: placement === 'impressum_entities' || random.chance(0.3),
  };
}

/** Cloudflare's scheme, as sites protected by it serve addresses (read back by decodeCfEmail). */
const cfEncode = (address: string, key: number) =>
  [key, ...[...address].map((char) => char.charCodeAt(0) ^ key)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');
const entities = (text: string) => [...text].map((char) => `&#${char.charCodeAt(0)};`).join('');

function layout(site: TSampleSite, title: string, body: string, head = ''): string {
  const nav = [
    ['/', 'Home'],
    ['/about', 'About us'],
    ['/contact', 'Contact'],
    ...(site.hasImpressum ? [['/impressum', 'Impressum']] : []),
  ]
    .map(([href, label]) => `<a href="${href}">${label}</a>`)
    .join(' ');
  const footerMail =
    site.email?.placement === 'home_mailto' && title === 'Home'
      ? ` · <a href="mailto:${site.email.address}?subject=Hello">Write to us</a>`
      : '';
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title} · ${site.name}</title>${head}</head>
<body><header><nav>${nav}</nav></header><main><h1>${title}</h1>${body}</main>
<footer>© ${site.name} (sample site)${footerMail}</footer></body></html>`;
}

/** The page at `path` of a sample site, or null (404). */
export function sampleSitePage(slug: string, path: string): string | null {
  const site = sampleSite(slug);
  const placement = site.email?.placement;
  const address = site.email?.address ?? '';
  switch (path.replace(/\/+$/, '') || '/') {
    case '/':
      return layout(site, 'Home', `<p>Welcome to ${site.name}. Have a look around.</p>`);
    case '/about': {
      const jsonLd =
        placement === 'about_json_ld'
          ? `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Organization', name: site.name, email: `mailto:${address}` })}</script>`
          : '';
      return layout(site, 'About us', `<p>${site.name} is a small team that loves what it does.</p>`, jsonLd);
    }
    case '/contact': {
      const body =
        placement === 'contact_text'
          ? `<p>Questions or collaborations? Write to ${address} and we answer within two days.</p>`
          : placement === 'contact_cfemail'
            ? `<p>E-mail: <a href="/cdn-cgi/l/email-protection#${cfEncode(address, 0x5a)}"><span class="__cf_email__" data-cfemail="${cfEncode(address, 0x5a)}">[email&#160;protected]</span></a></p>`
            : '<p>Send us a message through the form below.</p><form><textarea></textarea></form>';
      return layout(site, 'Contact', body);
    }
    case '/impressum':
      if (!site.hasImpressum) return null;
      return layout(
        site,
        'Impressum',
        `<p>${site.name}, Sample Street 1</p>${placement === 'impressum_entities' ? `<p>E-Mail: ${entities(address)}</p>` : ''}`,
      );
    default:
      return null;
  }
}

/**
 * The sandbox's websites: the sample sites of `*.example.com` hosts, made up on the spot, never the
 * network (so "Sample data" stays true of everything the sandbox shows). Any other host is refused.
 */
export function createSandboxPageSource(options: { latencyMs: number; clock?: TClock }): TPageSource {
  const clock = options.clock ?? systemClock;
  return {
    async fetchPage(raw, { signal }): Promise<TFetchedPage> {
      if (!URL.canParse(raw)) return { kind: 'skipped', url: raw, reason: 'refused_url' };
      const url = new URL(raw);
      const slug = SITE_HOST.exec(url.hostname)?.[1];
      if (!slug || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
        return {
          kind: 'skipped',
          url: url.href,
          reason: 'refused_url',
          detail: 'the sandbox serves sample sites only',
        };
      }
      if (options.latencyMs > 0) {
        try {
          await clock.sleep(options.latencyMs, signal);
        } catch {
          return { kind: 'skipped', url: url.href, reason: 'timeout' };
        }
      }
      const html = sampleSitePage(slug, url.pathname);
      if (html === null) return { kind: 'skipped', url: url.href, reason: 'http_status', detail: '404' };
      return { kind: 'html', url: url.href, html, fetchedAt: new Date(clock.now()) };
    },
  };
}
