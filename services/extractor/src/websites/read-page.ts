import { type DefaultTreeAdapterTypes, parse } from 'parse5';
import { findEmailInText, findEmailInUrl } from '../providers/email/find-email.ts';

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

/**
 * Reads one HTML page with a real parser (parse5, as browsers parse): `mailto:` links, the visible
 * text, JSON-LD `email` values and Cloudflare-protected addresses. HTML entities (`&#64;`) are
 * undone by the parser; text obfuscations ("name [at] domain [dot] com") by find-email.ts.
 */
export function readPage(html: string, pageUrl: string): TPageReading {
  const document = parse(html);
  let base = new URL(pageUrl);
  const emails: TPageReading['emails'] = [];
  const links: TPageReading['links'] = [];
  const add = (address: string | null, how: TEmailWriting) => {
    if (address && !emails.some((known) => known.address === address)) emails.push({ address, how });
  };

  // The visible text, one string per line; an element's text is gathered for its links.
  const lines: string[] = [''];
  const openLinks: Array<{ url: string; text: string; label: string }> = [];
  const write = (text: string) => {
    lines[lines.length - 1] += text;
    for (const link of openLinks) if (link.text.length < 400) link.text += text;
  };
  const newLine = () => {
    if (lines[lines.length - 1] !== '') lines.push('');
  };

  type TStep = { node: TNode; leaving: boolean; hidden: boolean };
  const stack: TStep[] = [{ node: document, leaving: false, hidden: false }];
  let visited = 0;
  while (stack.length > 0 && visited < MAX_NODES) {
    const { node, leaving, hidden } = stack.pop() as TStep;
    if (leaving) {
      if (isElement(node)) {
        if (node.tagName === 'a') {
          const open = openLinks.pop();
          if (open?.url) {
            const seen = open.text.replace(/\s+/g, ' ').trim();
            links.push({ url: open.url, text: (seen || open.label).slice(0, 200) });
          }
        }
        if (BLOCKS.has(node.tagName)) newLine();
      }
      continue;
    }
    visited += 1;
    if (node.nodeName === '#text' && 'value' in node) {
      if (!hidden) write(node.value);
      continue;
    }
    if (!isElement(node)) {
      if ('childNodes' in node) {
        for (const child of [...node.childNodes].reverse())
          stack.push({ node: child, leaving: false, hidden });
      }
      continue;
    }
    const tag = node.tagName;
    if (tag === 'base') {
      const href = attr(node, 'href');
      const resolved = href ? absoluteHttpUrl(href, base) : null;
      if (resolved) base = resolved;
    }
    if (tag === 'script' && attr(node, 'type')?.trim().toLowerCase() === 'application/ld+json') {
      const json = node.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
      for (const email of emailsInJsonLd(json)) add(email, 'json_ld');
    }
    const cfEmail = attr(node, 'data-cfemail');
    if (cfEmail) add(findEmailInText(decodeCfEmail(cfEmail)), 'cfemail');
    if (tag === 'a') {
      const href = attr(node, 'href') ?? '';
      if (/^\s*mailto:/i.test(href)) add(findEmailInUrl(href.trim()), 'mailto');
      const protection = /\/cdn-cgi\/l\/email-protection#([0-9a-f]+)/i.exec(href);
      if (protection?.[1]) add(findEmailInText(decodeCfEmail(protection[1])), 'cfemail');
      const url = absoluteHttpUrl(href, base);
      // Every <a> opens an entry (closed when it is left), so nesting stays balanced.
      openLinks.push({
        url: url && !protection ? url.href : '',
        text: '',
        label: attr(node, 'aria-label') ?? attr(node, 'title') ?? '',
      });
    }
    if (BLOCKS.has(tag)) newLine();
    const childHidden = hidden || HIDDEN.has(tag);
    stack.push({ node, leaving: true, hidden: childHidden });
    const children = tag === 'template' ? [] : node.childNodes;
    for (const child of [...children].reverse())
      stack.push({ node: child, leaving: false, hidden: childHidden });
  }

  for (const line of lines) for (const email of emailsInText(line)) add(email, 'text');
  return { emails, links };
}
