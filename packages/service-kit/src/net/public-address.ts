import { BlockList, isIP } from 'node:net';
import { z } from 'zod';

/**
 * Which IP addresses an outgoing request (a website fetch, a webhook) may connect to: public ones only.
 * Refused: "this network", private (RFC 1918), CGNAT, loopback, link-local, IETF protocol and documentation ranges, benchmarking,
 * multicast, reserved and broadcast; for IPv6 the unspecified and loopback addresses, IPv4-mapped and
 * -translated forms (NAT64, 6to4, Teredo, which can carry a private IPv4 address), documentation,
 * discard, unique local (fc00::/7), link-local, site-local and multicast.
 */
const NOT_PUBLIC_V4 = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const;
const NOT_PUBLIC_V6 = [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const;

// IPv4-mapped addresses (::ffff:0:0/96) are refused in isPublicAddress: a BlockList checks IPv4
// addresses against IPv6 rules in their mapped form, so such a rule would refuse every IPv4 address.
const notPublic = new BlockList();
for (const [network, prefix] of NOT_PUBLIC_V4) notPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of NOT_PUBLIC_V6) notPublic.addSubnet(network, prefix, 'ipv6');

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** A literal IP address as written in a URL's host (`[::1]` → `::1`), or null for a name. */
export function ipLiteralOf(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : null;
}

/** The eight groups of an IPv6 address, as numbers (`::ffff:7f00:1` and `::ffff:127.0.0.1` alike). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (side: string) =>
    side === '' ? [] : side.split(':').map((group) => Number.parseInt(group, 16));
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  return [...front, ...Array(8 - front.length - back.length).fill(0), ...back];
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (!family) return false;
  if (family === 6) {
    const groups = ipv6Groups(address);
    if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) return false;
  }
  return !notPublic.check(address, familyOf(address));
}

/**
 * Parses an allowance list (`127.0.0.1, 10.1.0.0/16, ::1`): addresses or CIDR ranges that may be
 * reached although not public — for tests against local servers only (each service's env.ts refuses it in production).
 * Throws on an entry that is neither.
 */
export function parseAddressAllowance(list: string | undefined): string[] {
  const entries = (list ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const maxPrefix = family === 6 ? 128 : 32;
    const validPrefix = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
    if (!family || !validPrefix || extra !== undefined) {
      throw new Error(`"${entry}" is not an IP address or CIDR range`);
    }
  }
  return entries;
}

/** An env variable holding an allowance list, refused with the bad entry named when one is not valid. */
export const ZAddressAllowanceSchema = z
  .string()
  .optional()
  .superRefine((value, context) => {
    try {
      parseAddressAllowance(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
    }
  });

export interface TAddressPolicy {
  /** True when a connection to this resolved address may be made. */
  allows(address: string): boolean;
}

/** Public addresses, plus the allowance's addresses and ranges. */
export function createAddressPolicy(allowance: readonly string[] = []): TAddressPolicy {
  const allowed = new BlockList();
  for (const entry of allowance) {
    const [address = '', prefix] = entry.split('/');
    const family = familyOf(address);
    if (prefix === undefined) allowed.addAddress(address, family);
    else allowed.addSubnet(address, Number(prefix), family);
  }
  return {
    allows: (address) =>
      isIP(address) !== 0 && (allowed.check(address, familyOf(address)) || isPublicAddress(address)),
  };
}
