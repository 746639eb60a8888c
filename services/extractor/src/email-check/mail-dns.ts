import { Resolver } from 'node:dns/promises';

/**
 * What DNS says about mail for one domain (RFC 5321 §5.1): its MX hosts by preference; no MX but an
 * address record (the domain itself is the mail host); a null MX (RFC 7505: it takes no mail); no
 * mail server at all; no such domain; or no answer worth trusting (timeouts, SERVFAIL, refused).
 */
export type TDomainMail =
  | { kind: 'mx'; hosts: string[] }
  | { kind: 'address'; hosts: string[] }
  | { kind: 'null_mx' }
  | { kind: 'no_mail' }
  | { kind: 'no_domain' }
  | { kind: 'unknown'; detail: string };

/** The DNS the checks ask (the real resolver, or the sandbox's simulated one). */
export interface TMailDns {
  domainMail(domain: string): Promise<TDomainMail>;
  /** A mail host's addresses (IPv4 first), for the SMTP probe; empty when it has none. */
  hostAddresses(host: string): Promise<string[]>;
}

export interface TResolverOptions {
  /** `host[:port]` entries (`127.0.0.1:5353`, `[::1]:53`); empty: the system's resolvers. */
  servers: readonly string[];
  /** Per try, and tries per server. */
  timeoutMs: number;
  tries: number;
}

const codeOf = (error: unknown) => (error as { code?: string } | null)?.code ?? 'unknown error';
/** A definite "no such name" (NXDOMAIN) or "no records of that type" (NOERROR, empty answer). */
const NO_DOMAIN = 'ENOTFOUND';
const NO_DATA = 'ENODATA';

/** Node's resolver (c-ares), asking the configured servers rather than the system's when given. */
export function createResolverMailDns(options: TResolverOptions): TMailDns {
  const resolver = new Resolver({ timeout: options.timeoutMs, tries: options.tries });
  if (options.servers.length > 0) resolver.setServers([...options.servers]);

  /** True / false for records of a type or none; a failure to answer throws. */
  const hasAddress = async (host: string): Promise<boolean> => {
    for (const lookup of [() => resolver.resolve4(host), () => resolver.resolve6(host)]) {
      try {
        if ((await lookup()).length > 0) return true;
      } catch (error) {
        if (codeOf(error) !== NO_DATA && codeOf(error) !== NO_DOMAIN) throw error;
      }
    }
    return false;
  };

  return {
    async domainMail(domain) {
      try {
        const records = await resolver.resolveMx(domain);
        const hosts = records
          .filter((record) => record.exchange !== '' && record.exchange !== '.')
          .sort((a, b) => a.priority - b.priority)
          .map((record) => record.exchange.replace(/\.$/, '').toLowerCase());
        if (hosts.length > 0) return { kind: 'mx', hosts };
        if (records.length > 0) return { kind: 'null_mx' };
      } catch (error) {
        if (codeOf(error) === NO_DOMAIN) return { kind: 'no_domain' };
        if (codeOf(error) !== NO_DATA) return { kind: 'unknown', detail: codeOf(error) };
      }
      // No MX: the domain's own address is its mail host (RFC 5321 §5.1), if it has one.
      try {
        return (await hasAddress(domain)) ? { kind: 'address', hosts: [domain] } : { kind: 'no_mail' };
      } catch (error) {
        return { kind: 'unknown', detail: codeOf(error) };
      }
    },
    async hostAddresses(host) {
      const addresses: string[] = [];
      for (const lookup of [() => resolver.resolve4(host), () => resolver.resolve6(host)]) {
        try {
          addresses.push(...(await lookup()));
        } catch {
          // A host without this family, or one that does not answer: the other family may.
        }
      }
      return addresses;
    },
  };
}
