import { randomBytes } from 'node:crypto';
import { emailCheckOf, isRoleAddress, type TEmailCheck } from '@prospector/contracts';
import { LRUCache } from 'lru-cache';
import { isDisposableDomain, parseAddress } from './address-rules.ts';
import { decideEmailCheck, type TEmailFacts } from './decide-email-check.ts';
import type { TDomainMail, TMailDns } from './mail-dns.ts';
import type { TMailboxProbe } from './smtp-probe.ts';

export interface TEmailCheckerOptions {
  dns: TMailDns;
  /** The SMTP `RCPT TO` probe; null when it is off (the default). */
  probe: TMailboxProbe | null;
  /** How long a domain's DNS answer is reused; answers that settled nothing are not kept. */
  cacheTtlMs: number;
  cacheSize: number;
  /** The verdicts' `checkedAt`, and the clock the DNS answers expire by. */
  now?: () => Date;
}

export interface TEmailChecker {
  /** The verdict on one address; never throws (what could not be learned makes it risky). */
  check(email: string): Promise<TEmailCheck>;
}

/**
 * syntax → domain and MX (A/AAAA fallback) → disposable list → optional SMTP probe; and, apart from the
 * status, whether the local part names a role mailbox.
 */
export function createEmailChecker(options: TEmailCheckerOptions): TEmailChecker {
  const now = options.now ?? (() => new Date());
  // DNS answers per domain, so a batch of a thousand addresses on one domain asks once; an answer that
  // settled nothing ('unknown') is not kept. Concurrent checks on one domain share the pending question.
  const domains = new LRUCache<string, TDomainMail>({
    max: options.cacheSize,
    ttl: options.cacheTtlMs,
    ttlResolution: 0,
    perf: { now: () => now().getTime() },
  });
  const pending = new Map<string, Promise<TDomainMail>>();
  const domainMail = (domain: string): Promise<TDomainMail> => {
    const cached = domains.get(domain);
    if (cached) return Promise.resolve(cached);
    let asking = pending.get(domain);
    if (!asking) {
      asking = options.dns
        .domainMail(domain)
        .catch((error: unknown) => ({ kind: 'unknown' as const, detail: String(error) }))
        .then((answer) => {
          if (answer.kind !== 'unknown' && options.cacheTtlMs > 0) domains.set(domain, answer);
          return answer;
        })
        .finally(() => pending.delete(domain));
      pending.set(domain, asking);
    }
    return asking;
  };

  const probe = async (address: string, domain: string, mail: TDomainMail) => {
    if (!options.probe || (mail.kind !== 'mx' && mail.kind !== 'address')) return undefined;
    const hostAddresses: string[] = [];
    for (const host of mail.hosts.slice(0, 2)) hostAddresses.push(...(await options.dns.hostAddresses(host)));
    const randomAddress = `${randomBytes(9).toString('hex')}@${domain}`;
    return options.probe.probe({ address, hostAddresses, randomAddress });
  };

  return {
    async check(email) {
      const parsed = parseAddress(email);
      const facts: TEmailFacts = { wellFormed: parsed !== null };
      if (parsed) {
        facts.domainMail = await domainMail(parsed.domain);
        facts.disposable = isDisposableDomain(parsed.domain);
        facts.probe = await probe(`${parsed.local}@${parsed.domain}`, parsed.domain, facts.domainMail).catch(
          (error: unknown) => ({ kind: 'unknown' as const, detail: String(error) }),
        );
      }
      const { code, reason } = decideEmailCheck(facts);
      return emailCheckOf(code, now(), { reason, role: parsed !== null && isRoleAddress(parsed.local) });
    },
  };
}

/**
 * The verdict if it comes within `budgetMs`, else null (the check goes on, and its DNS answers still
 * fill the cache for the follow-up check). A budget of 0 never waits.
 */
export async function checkWithin(
  checker: TEmailChecker,
  email: string,
  budgetMs: number,
): Promise<TEmailCheck | null> {
  if (budgetMs <= 0) {
    void checker.check(email);
    return null;
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), budgetMs);
  });
  try {
    return await Promise.race([checker.check(email), late]);
  } finally {
    clearTimeout(timer);
  }
}
