import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { TAddressPolicy } from './public-address.ts';

/** The host is, or resolved to, an address the policy refuses. */
export class BlockedAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to a non-public address (${address})`);
    this.name = 'BlockedAddressError';
  }
}

/** Resolves a host name to its addresses (the system resolver unless a test gives its own). */
export type TResolveHost = (hostname: string, family: number) => Promise<LookupAddress[]>;

export const systemResolve: TResolveHost = (hostname, family) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, family }, (error, found) => (error ? reject(error) : resolve(found))),
  );

/**
 * A socket `lookup` that resolves the name once and hands the socket only addresses the policy allows,
 * so the address checked is the address connected to: a second DNS answer (rebinding) is never asked
 * for. `every`: refuse the name when any of its addresses is refused (a webhook endpoint must be public
 * as a whole); otherwise the refused ones are dropped and the rest used (a website with a stray record).
 */
export function checkedLookup(
  policy: TAddressPolicy,
  resolve: TResolveHost = systemResolve,
  options: { every?: boolean } = {},
): LookupFunction {
  return ((hostname: string, lookupOptions: { family?: number; all?: boolean }, callback) => {
    const answer = callback as (
      error: Error | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void;
    resolve(hostname, lookupOptions.family ?? 0).then(
      (found) => {
        const refused = found.find((entry) => !policy.allows(entry.address));
        const usable = found.filter((entry) => policy.allows(entry.address));
        const first = usable[0];
        if (!first || (options.every && refused)) {
          return answer(new BlockedAddressError(hostname, refused?.address ?? 'none'), '');
        }
        if (lookupOptions.all) return answer(null, usable);
        answer(null, first.address, first.family);
      },
      (error: Error) => answer(error, ''),
    );
  }) as LookupFunction;
}
