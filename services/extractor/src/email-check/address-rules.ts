import { domainToASCII } from 'node:url';
import MailChecker from 'mailchecker';

/** An address split into what the checks read: the local part as written, the domain in ASCII. */
export interface TParsedAddress {
  local: string;
  /** Lower case; an internationalised domain in its punycode (`xn--`) form, as DNS knows it. */
  domain: string;
}

// RFC 5321/5322 dot-atom local part (quoted local parts are legal but almost never real; they read as
// malformed here), at most 64 octets; the whole address at most 254.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** The address's parts when its syntax can be mailed to; null when malformed. */
export function parseAddress(email: string): TParsedAddress | null {
  const address = email.trim();
  if (address.length > 254) return null;
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return null;
  const local = address.slice(0, at);
  if (local.length > 64 || !LOCAL_PART.test(local)) return null;
  const domain = domainToASCII(address.slice(at + 1).toLowerCase());
  if (!domain || domain.length > 253) return null;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  if (!TOP_LEVEL.test(labels[labels.length - 1] as string)) return null;
  return { local, domain };
}

/**
 * A throwaway-mail domain (or a subdomain of one), from mailchecker's list, which is kept up to date
 * upstream: updating the package updates the list.
 */
export function isDisposableDomain(domain: string): boolean {
  const listed = MailChecker.blacklist();
  const labels = domain.split('.');
  return labels.some((_, index) => listed.has(labels.slice(index).join('.')));
}
