import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a per-address limit counts a client under: an IPv4 address as it is, an IPv6 address by its
 * /64 (one household or server gets a whole /64, so counting single IPv6 addresses counts nothing). An
 * IPv4-mapped IPv6 address is its IPv4 address; anything else is kept as given.
 */
export function addressBucket(address: string): string {
  const bare = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
    .toLowerCase();
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return bare;
  const mapped = /^(?:0{0,4}:){0,5}(?:0{0,4}:)?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  return `${expandIPv6(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, each without leading zeros. */
function expandIPv6(address: string): string[] {
  let text = address;
  // A trailing dotted quad is the last two groups.
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) => Number.parseInt(group || '0', 16).toString(16));
}
