import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findWebsiteEmail } from './find-website-email.ts';
import type { TPageSource } from './page-source.ts';
import { decodeCfEmail, readPage } from './read-page.ts';
import {
  isJunkEmail,
  isOnSiteEmail,
  JUNK_EMAIL_DOMAINS,
  outboundSites,
  pickContactPages,
  pickWebsiteEmail,
  websitesOfProfile,
} from './site-rules.ts';

/** Pages saved as sites serve them (src/websites/_pages), read as the finder reads them. */
const saved = (name: string) => readFileSync(new URL(`./_pages/${name}`, import.meta.url), 'utf8');
const addresses = (reading: ReturnType<typeof readPage>) => reading.emails.map((email) => email.address);

describe('readPage', () => {
  it('reads mailto links and visible text, not scripts, styles, @handles or file names', () => {
    const reading = readPage(saved('studio-home.html'), 'https://www.studionord.de/');
    expect(reading.emails).toEqual([
      { address: 'shop@studionord.de', how: 'mailto' },
      { address: 'lena.fotografin@gmail.com', how: 'text' },
    ]);
  });

  it('finds every address of a line of text, and addresses written as "[at]" / "[dot]"', () => {
    const reading = readPage(saved('contact-text.html'), 'https://bluefernyoga.com/contact');
    expect(addresses(reading)).toEqual([
      'bookings@bluefernyoga.com',
      'press@bluefern-agency.com',
      'hello@bluefernyoga.com',
      'old@bluefern.net',
    ]);
  });

  it('reads JSON-LD email values (mailto: or plain, nested) and ignores JSON-LD that does not parse', () => {
    const reading = readPage(saved('json-ld.html'), 'https://casalimone.it/chi-siamo');
    expect(reading.emails).toEqual([
      { address: 'prenotazioni@casalimone.it', how: 'json_ld' },
      { address: 'stampa@casalimone.it', how: 'json_ld' },
    ]);
  });

  it('undoes HTML entities in text and in mailto links', () => {
    const reading = readPage(saved('entities.html'), 'https://bergfreunde.at/impressum');
    expect(reading.emails).toEqual([
      { address: 'service@bergfreunde.at', how: 'mailto' },
      { address: 'info@bergfreunde.at', how: 'text' },
    ]);
  });

  it("decodes Cloudflare's data-cfemail and email-protection links, and skips a broken one", () => {
    expect(decodeCfEmail('c1a9a4adadae81b3a0aca4afada0a3efa2aeac')).toBe('hello@ramenlab.com');
    expect(decodeCfEmail('zz12')).toBeNull();
    const reading = readPage(saved('cloudflare.html'), 'https://ramenlab.com/contact-us');
    expect(reading.emails).toEqual([
      { address: 'hello@ramenlab.com', how: 'cfemail' },
      { address: 'catering@ramenlab.co', how: 'cfemail' },
    ]);
    // The protection link is not a page to visit.
    expect(reading.links.map((link) => link.url)).toEqual([]);
  });

  it('prefers what a visitor sees over a stale Cloudflare encoding left by a template', () => {
    const reading = readPage(saved('template-cloudflare.html'), 'https://casa-verde.pt/');
    // The template author's addresses (colorlib, templatemo, themeforest, w3layouts) sit encoded
    // inside a mailto link, a link, a line and an element that each show the owner's address.
    expect(reading.emails).toEqual([
      { address: 'reservas@casa-verde.pt', how: 'mailto' },
      { address: 'eventos@casa-verde.pt', how: 'text' },
      { address: 'pedidos@casa-verde.pt', how: 'text' },
      { address: 'geral@casa-verde.pt', how: 'text' },
      { address: 'orders@casa-verde.pt', how: 'cfemail' },
    ]);
  });

  it('keeps an encoded address that agrees with what is shown, and puts encoded ones after visible ones', () => {
    const hex = '6609140203141526050715074b1003140203481612'; // orders@casa-verde.pt
    const reading = readPage(
      `<p><a href="/cdn-cgi/l/email-protection#${hex}">orders@casa-verde.pt</a></p>
       <p>Loja: <span data-cfemail="${hex}">[email&#160;protected]</span></p><p>Ana: ana.casaverde@gmail.com</p>`,
      'https://casa-verde.pt/',
    );
    expect(reading.emails).toEqual([
      { address: 'orders@casa-verde.pt', how: 'text' },
      { address: 'ana.casaverde@gmail.com', how: 'text' },
    ]);
    // The owner's mailto on the very element that carries the template's encoding.
    const sameElement = readPage(
      '<li>Text before</li><li><a href="mailto:Reservas@Casa-Verde.pt" class="__cf_email__" data-cfemail="8ae2efe6e6e5cae9e5e6e5f8e6e3e8a4e9e5e7">[email&#160;protected]</a></li>',
      'https://casa-verde.pt/',
    );
    expect(sameElement.emails).toEqual([{ address: 'reservas@casa-verde.pt', how: 'mailto' }]);
    // An encoded block after a line that shows another address is on a line of its own.
    const ownLine = readPage(
      `<p>Text ana@gmail.com <div data-cfemail="${hex}">[email&#160;protected]</div></p>`,
      'https://casa-verde.pt/',
    );
    expect(addresses(ownLine)).toEqual(['ana@gmail.com', 'orders@casa-verde.pt']);
    const onlyEncoded = readPage(
      `<p>Write: <span data-cfemail="${hex}">x</span></p><p>ana@gmail.com</p>`,
      'https://a.pt/',
    );
    expect(onlyEncoded.emails.map((email) => email.how)).toEqual(['text', 'cfemail']);
  });

  it('skips spam-trap links and text a visitor cannot see or click, hidden by the element or an ancestor', () => {
    const reading = readPage(saved('honeypot.html'), 'https://studio-aurora.com/contact');
    expect(reading.emails).toEqual([
      { address: 'desktop@studio-aurora.com', how: 'mailto' },
      { address: 'hello@studio-aurora.com', how: 'mailto' },
      { address: 'icon@studio-aurora.com', how: 'mailto' },
      { address: 'press@studio-aurora.com', how: 'text' },
    ]);
  });

  it.each([
    ['display:none', '<a href="mailto:x@brand.com" style="display: none">x</a>'],
    ['visibility:hidden', '<a href="mailto:x@brand.com" style="VISIBILITY:HIDDEN !important">x</a>'],
    ['zero size', '<a href="mailto:x@brand.com" style="width:0px;height:0px">x</a>'],
    ['no height, clipped', '<a href="mailto:x@brand.com" style="max-height:0;overflow:hidden">x</a>'],
    ['off screen', '<a href="mailto:x@brand.com" style="position:absolute;top:-10000px">x</a>'],
    ['clipped away', '<a href="mailto:x@brand.com" style="clip: rect(0 0 0 0)">x</a>'],
    ['the hidden attribute', '<a href="mailto:x@brand.com" hidden>x</a>'],
    ['a hiding class', '<a href="mailto:x@brand.com" class="btn is-hidden">x</a>'],
    ['a hidden ancestor', '<div class="d-none"><p><a href="mailto:x@brand.com">x</a></p></div>'],
    ['a cancelled click', '<a href="mailto:x@brand.com" onclick="event.preventDefault()">x</a>'],
    ['aria-hidden, no words', '<a href="mailto:x@brand.com" aria-hidden="true" tabindex="-1"></a>'],
    ['aria-hidden, an image only', '<a href="mailto:x@brand.com" aria-hidden="true"> <img src="m.png"> </a>'],
    ['an aria-hidden ancestor, no words', '<div aria-hidden="true"><a href="mailto:x@brand.com"></a></div>'],
    [
      'hidden Cloudflare encoding',
      '<span style="display:none" data-cfemail="117b7e797f51757e743f727e7c">x</span>',
    ],
  ])('reads no address behind %s', (_, html) => {
    expect(readPage(html, 'https://brand.com/').emails).toEqual([]);
  });

  it('reads links shown from some screen width on, aria-hidden links with words, and icon links', () => {
    const read = (html: string) => addresses(readPage(html, 'https://brand.com/'));
    expect(read('<div class="d-none d-lg-flex"><a href="mailto:a@brand.com">a</a></div>')).toEqual([
      'a@brand.com',
    ]);
    expect(read('<a href="mailto:b@brand.com" aria-hidden="true">Write to us</a>')).toEqual(['b@brand.com']);
    expect(read('<a href="mailto:c@brand.com" aria-label="E-mail"><svg></svg></a>')).toEqual(['c@brand.com']);
    expect(read('<a href="mailto:d@brand.com" style="width:0">mail</a>')).toEqual(['d@brand.com']);
    expect(read('<a href="mailto:e@brand.com" onclick="track(\'mail\')">mail</a>')).toEqual(['e@brand.com']);
    // Faded in by the site builder's script; a body hidden until the page's script runs.
    expect(
      read('<div style="opacity:0;transform:translate3d(0,40px,0)"><a href="mailto:f@brand.com">f</a></div>'),
    ).toEqual(['f@brand.com']);
    expect(read('<body style="display:none"><p>g@brand.com</p></body>')).toEqual(['g@brand.com']);
    expect(read('<ul style="font-size:0"><li style="font-size:16px">h@brand.com</li></ul>')).toEqual([
      'h@brand.com',
    ]);
  });

  it('reads hostile pages of Cloudflare encodings without deep recursion or rescanning', () => {
    const hex = '117b7e797f51757e743f727e7c'; // john@doe.com
    const depth = 20_000;
    const nested = `${`<span data-cfemail="${hex}">`.repeat(depth)}x${'</span>'.repeat(depth)}`;
    const longLine = `<p>${'word '.repeat(50_000)}${`<span data-cfemail="${hex}">x</span>`.repeat(5_000)}</p>`;
    for (const html of [nested, longLine]) {
      const started = performance.now();
      expect(addresses(readPage(html, 'https://a.com/'))).toEqual(['john@doe.com']);
      expect(performance.now() - started).toBeLessThan(15_000);
    }
  }, 40_000);

  it('lists links absolute, without fragments, with the words on them', () => {
    const reading = readPage(saved('studio-home.html'), 'https://www.studionord.de/');
    expect(reading.links).toContainEqual({ url: 'https://www.studionord.de/ueber-uns', text: 'Über uns' });
    expect(reading.links).toContainEqual({ url: 'https://www.studionord.de/', text: 'Nach oben' });
    expect(reading.links.every((link) => !link.url.includes('#'))).toBe(true);
  });

  it('honours <base href> and survives markup that is not HTML at all', () => {
    const reading = readPage(
      '<base href="https://cdn.site.com/en/"><a href="contact">Contact</a>',
      'https://site.com/',
    );
    expect(reading.links).toEqual([{ url: 'https://cdn.site.com/en/contact', text: 'Contact' }]);
    expect(readPage('\u0000<<<>>>&&&#xFFFFFF;<a href="javascript:alert(1)">x</a>', 'https://a.com/')).toEqual(
      {
        emails: [],
        links: [],
      },
    );
  });
});

describe('pickContactPages', () => {
  it('takes up to three same-site pages, contact first, then impressum, then about; no files, no other sites', () => {
    const page = 'https://www.studionord.de/';
    const { links } = readPage(saved('studio-home.html'), page);
    // A blog post that mentions "Kontakt" in a long title ranks below the real pages.
    expect(pickContactPages(links, page)).toEqual([
      'https://www.studionord.de/kontakt/',
      'https://www.studionord.de/impressum',
      'https://www.studionord.de/blog/kontakt-zu-kunden-pflegen',
    ]);
    expect(pickContactPages(links, page, 5)).toEqual([
      'https://www.studionord.de/kontakt/',
      'https://www.studionord.de/impressum',
      'https://www.studionord.de/blog/kontakt-zu-kunden-pflegen',
      'https://www.studionord.de/ueber-uns',
    ]);
  });

  it('reads the path in any case and with accents, and the words on the link', () => {
    const page = 'https://a.com/';
    const pick = (url: string, text = '') => pickContactPages([{ url, text }], page);
    expect(pick('https://a.com/en/Contact-Us.html')).toEqual(['https://a.com/en/Contact-Us.html']);
    expect(pick('https://a.com/%C3%BCber-uns')).toEqual(['https://a.com/%C3%BCber-uns']);
    expect(pick('https://a.com/p/17', 'Get in touch')).toEqual(['https://a.com/p/17']);
    expect(pick('https://a.com/shop', 'Shop')).toEqual([]);
  });

  it('never picks the page itself and counts a link twice only once', () => {
    const links = [
      { url: 'https://a.com/contact', text: 'Contact' },
      { url: 'https://a.com/contact/', text: 'Write to us' },
      { url: 'https://www.a.com/about', text: 'About' },
    ];
    expect(pickContactPages(links, 'https://a.com/contact')).toEqual(['https://www.a.com/about']);
  });
});

describe('pickWebsiteEmail', () => {
  const at = new Date('2026-01-01T00:00:00Z');
  const found = (email: string, pageUrl = 'https://www.studionord.de/') => ({
    email,
    pageUrl,
    fetchedAt: at,
  });

  it("prefers an address on the site's own domain, wherever it was found", () => {
    const picked = pickWebsiteEmail(
      [found('lena.fotografin@gmail.com'), found('shop@studionord.de', 'https://www.studionord.de/kontakt/')],
      'www.studionord.de',
    );
    expect(picked).toEqual(found('shop@studionord.de', 'https://www.studionord.de/kontakt/'));
  });

  it('falls back to the first other address, never a placeholder or tracker', () => {
    expect(
      pickWebsiteEmail([found('you@example.com'), found('x@o1.sentry.io'), found('lena@gmail.com')], 'a.com'),
    ).toEqual(found('lena@gmail.com'));
    expect(pickWebsiteEmail([found('you@example.com')], 'a.com')).toBeNull();
  });

  it.each([
    ...JUNK_EMAIL_DOMAINS,
    'example.com',
    'example.org',
    'example.net',
    'example.de',
    'example.co.uk',
    'mail.example.fr',
  ])('never keeps an address on the placeholder or tracker domain %s off that domain', (domain) => {
    expect(isJunkEmail(`you@${domain}`)).toBe(true);
    expect(pickWebsiteEmail([found(`you@${domain}`)], 'casa-verde.pt')).toBeNull();
    expect(pickWebsiteEmail([found(`you@${domain}`), found('ana@gmail.com')], 'casa-verde.pt')).toEqual(
      found('ana@gmail.com'),
    );
  });

  it('does not count look-alike real domains as placeholders', () => {
    for (const email of ['a@myexample.com', 'a@example-studio.com', 'a@gmail.com', 'a@notdomain.com'])
      expect(isJunkEmail(email), email).toBe(false);
  });

  it('counts sub- and parent domains as the site', () => {
    expect(isOnSiteEmail('hello@brand.com', 'shop.brand.com')).toBe(true);
    expect(isOnSiteEmail('info@shop.brand.com', 'www.brand.com')).toBe(true);
    expect(isOnSiteEmail('info@notbrand.com', 'brand.com')).toBe(false);
    expect(isOnSiteEmail('x@other.co.uk', 'brand.co.uk')).toBe(false);
  });
});

describe('findWebsiteEmail over a site of several pages', () => {
  const pagesOf = (site: Record<string, string>): TPageSource => ({
    fetchPage: async (url) =>
      site[url] === undefined
        ? { kind: 'skipped', url, reason: 'http_status' }
        : { kind: 'html', url, html: site[url], fetchedAt: new Date('2026-01-01T00:00:00Z') },
  });
  const lookup = (site: Record<string, string>) =>
    findWebsiteEmail(
      { external_url: 'https://casa-verde.pt/', biography: null },
      { pages: pagesOf(site), budgetMs: 5_000, contactPages: 3 },
    );
  // hello@colorlib.com, Cloudflare-encoded: a template's footer left as it was.
  const templateFooter =
    '<footer><span class="__cf_email__" data-cfemail="8ae2efe6e6e5cae9e5e6e5f8e6e3e8a4e9e5e7">[email&#160;protected]</span></footer>';

  it('prefers an address a visitor sees on a contact page over an encoded one on the home page', async () => {
    const found = await lookup({
      'https://casa-verde.pt/': `<a href="/contactos">Contactos</a>${templateFooter}`,
      'https://casa-verde.pt/contactos': '<p>Escreva-nos: ana.casaverde@gmail.com</p>',
    });
    expect(found?.email).toBe('ana.casaverde@gmail.com');
    expect(found?.pageUrl).toBe('https://casa-verde.pt/contactos');
  });

  it('never takes a spam trap, and takes an encoded address when it is all the site shows', async () => {
    expect(
      await lookup({
        'https://casa-verde.pt/': '<a href="mailto:trap@casa-verde.pt" style="display:none">x</a>',
      }),
    ).toBeNull();
    const encodedOnly = '<p><span data-cfemail="6609140203141526050715074b1003140203481612">x</span></p>';
    expect((await lookup({ 'https://casa-verde.pt/': encodedOnly }))?.email).toBe('orders@casa-verde.pt');
  });
});

describe('the links a profile and a link-in-bio page lead to', () => {
  it('takes the external URL, then links in the biography; no social networks, at most two', () => {
    const sites = websitesOfProfile({
      external_url: 'studionord.de',
      biography: 'Shop: https://www.instagram.com/x 🌿 linktr.ee/studionord. Blog at www.nord-blog.de',
    });
    expect(sites.map((url) => url.href)).toEqual(['https://studionord.de/', 'https://linktr.ee/studionord']);
    expect(websitesOfProfile({ external_url: 'javascript:alert(1)', biography: null })).toEqual([]);
    expect(websitesOfProfile({ external_url: 'https://user:pw@a.com', biography: 'ftp://a.com' })).toEqual(
      [],
    );
  });

  it('lists the sites a link-in-bio page points to, not networks or other bio pages', () => {
    const page = 'https://linktr.ee/mariacooks';
    const { links } = readPage(saved('link-in-bio.html'), page);
    expect(outboundSites(links, page)).toEqual([
      'https://www.mariacooks.com/?utm_source=linktree',
      'https://bookshop.example/maria',
    ]);
  });
});
