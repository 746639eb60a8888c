import { type DefaultTreeAdapterTypes, parse } from 'parse5';
import { findEmailInText, findEmailInUrl, findEmailsInUrl } from '../providers/email/find-email.ts';
import { isConcealed, isDeadLink } from './concealed.ts';

type TNode = DefaultTreeAdapterTypes.Node;
type TElement = DefaultTreeAdapterTypes.Element;

/** How an address was written on the page. */
export type TEmailWriting = 'mailto' | 'text' | 'json_ld' | 'cfemail';

/** What one HTML page offers: its addresses (page order, each once) and its links. */
export interface TPageReading {
  emails: Array<{ address: string; how: TEmailWriting }>;
  /** Every http(s) link, absolute, without its fragment, with the words a visitor sees on it. */
  links: Array<{ url: string; text: string }>;
}

/** Never shown to visitors: their text is not the page's text. */
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'iframe', 'object']);
/** Elements that start a new line of text, so words in two boxes are never read as one. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'td',
  'th',
  'tr',
  'ul',
  'button',
  'option',
  'title',
]);
/** A page of 1 MB parses into far fewer; past this the rest is not read (a hostile page). */
const MAX_NODES = 200_000;
const MAX_JSON_LD_VALUES = 5_000;

const attr = (element: TElement, name: string) => element.attrs.find((a) => a.name === name)?.value;
const isElement = (node: TNode): node is TElement => 'tagName' in node;

/**
 * Cloudflare's e-mail obfuscation: hex bytes, the first a key XOR-ed into each of the others
 * (`data-cfemail="…"` and `/cdn-cgi/l/email-protection#…`).
 */
export function decodeCfEmail(hex: string): string | null {
  if (!/^(?:[0-9a-f]{2}){2,}$/i.test(hex)) return null;
  const key = Number.parseInt(hex.slice(0, 2), 16);
  let decoded = '';
  for (let i = 2; i < hex.length; i += 2)
    decoded += String.fromCharCode(Number.parseInt(hex.slice(i, i + 2), 16) ^ key);
  return decoded;
}

/** Every address in a line of text (findEmailInText answers one at a time). */
function emailsInText(line: string): string[] {
  const found: string[] = [];
  let rest = line;
  for (let i = 0; i < 10; i += 1) {
    const email = findEmailInText(rest);
    if (!email || found.includes(email)) break;
    found.push(email);
    const at = rest.toLowerCase().indexOf(email);
    // Written obfuscated ("name [at] …"): not literally there, so it cannot be cut out; one is enough.
    if (at < 0) break;
    rest = `${rest.slice(0, at)} ${rest.slice(at + email.length)}`;
  }
  return found;
}

class EmailValue {
  constructor(readonly text: string) {}
}

/** `email` values anywhere in a JSON-LD document (Organization, Person, ContactPoint…). */
function emailsInJsonLd(json: string): string[] {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return [];
  }
  const found: string[] = [];
  // Depth first in document order: an `email` value waits on the stack (as an EmailValue) in its place.
  const stack: unknown[] = [data];
  for (let seen = 0; stack.length > 0 && seen < MAX_JSON_LD_VALUES; seen += 1) {
    const value = stack.pop();
    if (value instanceof EmailValue) {
      const email = findEmailInUrl(value.text);
      if (email && !found.includes(email)) found.push(email);
    } else if (Array.isArray(value)) stack.push(...[...value].reverse());
    else if (value && typeof value === 'object') {
      const inner = Object.entries(value).map(([key, item]) =>
        key.toLowerCase() === 'email' && typeof item === 'string' ? new EmailValue(item) : item,
      );
      stack.push(...inner.reverse());
    }
  }
  return found;
}

function absoluteHttpUrl(href: string, base: URL): URL | null {
  try {
    const url = new URL(href.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url;
  } catch {
    return null;
  }
}

/** Enough of an element's own words to hold an address; a hostile page's deep nesting is not walked. */
const OWN_TEXT_NODES = 50;
const OWN_TEXT_CHARS = 400;
/** Cloudflare encodings read per page (a real page has a handful; a hostile one is not read on). */
const MAX_ENCODED = 100;

/** The text of an element's visible descendants (a Cloudflare-protected element's own words). */
function textOf(element: TElement): string {
  let text = '';
  const stack: TNode[] = [...element.childNodes].reverse();
  for (let seen = 0; stack.length > 0 && seen < OWN_TEXT_NODES && text.length < OWN_TEXT_CHARS; seen += 1) {
    const node = stack.pop() as TNode;
    if (node.nodeName === '#text' && 'value' in node) text += node.value;
    else if (isElement(node) && !HIDDEN.has(node.tagName) && !isConcealed(node.attrs))
      stack.push(...[...node.childNodes].reverse());
  }
  return text;
}

/** A link being read: where it goes, the words a visitor sees on it, the addresses it writes to. */
interface TOpenLink {
  url: string;
  text: string;
  label: string;
  mailto: string[];
  /** Hidden, its click cancelled, or kept from assistive technology with nothing visible on it. */
  trap: boolean;
  ariaHidden: boolean;
}

/** A Cloudflare-protected address, with what a visitor sees next to it (to tell a stale one). */
interface TEncodedEmail {
  address: string;
  link: TOpenLink | undefined;
  line: number;
  ownText: string;
}

/**
 * Reads one HTML page with a real parser (parse5, as browsers parse): `mailto:` links, the visible
 * text, JSON-LD `email` values and Cloudflare-protected addresses. HTML entities (`&#64;`) are
 * undone by the parser; text obfuscations ("name [at] domain [dot] com") by find-email.ts.
 *
 * What a visitor cannot see or use is not a contact: text and links inside hidden elements
 * (`concealed.ts`), a `mailto:` whose click is cancelled, or one hidden from assistive technology
 * with no visible words, are spam traps. A Cloudflare encoding is often a template's leftover: when
 * the link, the element or the line it sits in shows another address, the visible one is the
 * contact and the encoded one is dropped; the encoded addresses that stay come after the visible ones.
 */
export function readPage(html: string, pageUrl: string): TPageReading {
  const document = parse(html);
  let base = new URL(pageUrl);
  const emails: TPageReading['emails'] = [];
  const links: TPageReading['links'] = [];
  const add = (address: string | null, how: TEmailWriting) => {
    if (address && !emails.some((known) => known.address === address)) emails.push({ address, how });
  };
  const encoded: TEncodedEmail[] = [];

  // The visible text, one string per line; an element's text is gathered for its links.
  const lines: string[] = [''];
  const openLinks: TOpenLink[] = [];
  const write = (text: string) => {
    lines[lines.length - 1] += text;
    for (const link of openLinks) if (link.text.length < 400) link.text += text;
  };
  const newLine = () => {
    if (lines[lines.length - 1] !== '') lines.push('');
  };
  const encodedAt = (hex: string, link: TOpenLink | undefined, element: TElement) => {
    if (encoded.length >= MAX_ENCODED) return;
    const ownText = textOf(element);
    const address = findEmailInText(decodeCfEmail(hex));
    if (address) encoded.push({ address, link, line: lines.length - 1, ownText });
  };

  /** `hidden`: not page text at all (scripts…); `concealed`: page content a visitor cannot see. */
  type TStep = { node: TNode; leaving: boolean; hidden: boolean; concealed: boolean; ariaHidden: boolean };
  const stack: TStep[] = [
    { node: document, leaving: false, hidden: false, concealed: false, ariaHidden: false },
  ];
  let visited = 0;
  while (stack.length > 0 && visited < MAX_NODES) {
    const step = stack.pop() as TStep;
    const { node, leaving, hidden } = step;
    if (leaving) {
      if (isElement(node)) {
        if (node.tagName === 'a') {
          const open = openLinks.pop();
          const seen = open?.text.replace(/\s+/g, ' ').trim() ?? '';
          if (open?.url) links.push({ url: open.url, text: (seen || open.label).slice(0, 200) });
          if (open && !open.trap && !(open.ariaHidden && seen === ''))
            for (const address of open.mailto) add(address, 'mailto');
        }
        if (BLOCKS.has(node.tagName)) newLine();
      }
      continue;
    }
    visited += 1;
    if (node.nodeName === '#text' && 'value' in node) {
      if (!hidden && !step.concealed) write(node.value);
      continue;
    }
    if (!isElement(node)) {
      if ('childNodes' in node) {
        for (const child of [...node.childNodes].reverse()) stack.push({ ...step, node: child });
      }
      continue;
    }
    const tag = node.tagName;
    const concealed = step.concealed || (tag !== 'html' && tag !== 'body' && isConcealed(node.attrs));
    const ariaHidden = step.ariaHidden || attr(node, 'aria-hidden')?.trim().toLowerCase() === 'true';
    // A block starts its own line before anything in it is recorded as being on a line.
    if (BLOCKS.has(tag)) newLine();
    if (tag === 'base') {
      const href = attr(node, 'href');
      const resolved = href ? absoluteHttpUrl(href, base) : null;
      if (resolved) base = resolved;
    }
    if (tag === 'script' && attr(node, 'type')?.trim().toLowerCase() === 'application/ld+json') {
      const json = node.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
      for (const email of emailsInJsonLd(json)) add(email, 'json_ld');
    }
    if (tag === 'a') {
      const href = attr(node, 'href') ?? '';
      const url = absoluteHttpUrl(href, base);
      const protection = /\/cdn-cgi\/l\/email-protection#([0-9a-f]+)/i.exec(href);
      // Every <a> opens an entry (closed when it is left), so nesting stays balanced.
      const link: TOpenLink = {
        url: url && !protection ? url.href : '',
        text: '',
        label: attr(node, 'aria-label') ?? attr(node, 'title') ?? '',
        mailto: /^\s*mailto:/i.test(href) ? findEmailsInUrl(href.trim()) : [],
        trap: hidden || concealed || isDeadLink(node.attrs),
        ariaHidden,
      };
      openLinks.push(link);
      if (protection?.[1] && !link.trap) encodedAt(protection[1], link, node);
    }
    const cfEmail = attr(node, 'data-cfemail');
    if (cfEmail && !hidden && !concealed) encodedAt(cfEmail, openLinks.at(-1), node);
    const childHidden = hidden || HIDDEN.has(tag);
    stack.push({ node, leaving: true, hidden: childHidden, concealed, ariaHidden });
    const children = tag === 'template' ? [] : node.childNodes;
    for (const child of [...children].reverse())
      stack.push({ node: child, leaving: false, hidden: childHidden, concealed, ariaHidden });
  }

  const lineEmails = lines.map((line) => emailsInText(line));
  for (const emails of lineEmails) for (const email of emails) add(email, 'text');
  const linkEmails = new Map<TOpenLink, string[]>();
  for (const entry of encoded) {
    const { link } = entry;
    if (link && !linkEmails.has(link)) linkEmails.set(link, [...link.mailto, ...emailsInText(link.text)]);
    const shown = [
      ...((link && linkEmails.get(link)) ?? []),
      ...emailsInText(entry.ownText),
      ...(lineEmails[entry.line] ?? []),
    ];
    if (!shown.some((address) => address !== entry.address)) add(entry.address, 'cfemail');
  }
  return { emails, links };
}
