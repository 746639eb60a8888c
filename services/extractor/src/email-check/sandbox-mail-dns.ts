import type { TMailDns } from './mail-dns.ts';

/**
 * The sandbox's DNS (no network): the same checks run on simulated answers, so a demo shows every
 * status offline. A domain takes mail (an MX host of its own) unless its name says otherwise:
 * `…bounce…` or `…nomx…` has no mail server, `…nxdomain…` does not exist, `…dnsfail…` never answers.
 * The sandbox provider gives usernames containing `bounce` an address on such a domain
 * (`providers/sandbox/synthetic-profile.ts`).
 */
export const sandboxMailDns: TMailDns = {
  async domainMail(domain) {
    if (domain.includes('nxdomain')) return { kind: 'no_domain' };
    if (domain.includes('bounce') || domain.includes('nomx')) return { kind: 'no_mail' };
    if (domain.includes('dnsfail')) return { kind: 'unknown', detail: 'ETIMEOUT' };
    return { kind: 'mx', hosts: [`mx.${domain}`] };
  },
  hostAddresses: async () => ['192.0.2.1'],
};
