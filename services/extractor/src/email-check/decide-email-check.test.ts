import { describe, expect, it } from 'vitest';
import { decideEmailCheck, type TEmailFacts } from './decide-email-check.ts';
import type { TDomainMail } from './mail-dns.ts';

const mx: TDomainMail = { kind: 'mx', hosts: ['mx.shop.com'] };
const facts = (more: Partial<TEmailFacts>): TEmailFacts => ({
  wellFormed: true,
  domainMail: mx,
  disposable: false,
  ...more,
});

describe('decideEmailCheck', () => {
  it.each<[string, TEmailFacts, string]>([
    ['malformed', { wellFormed: false }, 'malformed'],
    ['no such domain', facts({ domainMail: { kind: 'no_domain' } }), 'no_domain'],
    ['no MX and no address', facts({ domainMail: { kind: 'no_mail' } }), 'no_mail_server'],
    ['a null MX', facts({ domainMail: { kind: 'null_mx' } }), 'no_mail_server'],
    [
      'the mailbox refused',
      facts({ probe: { kind: 'refused', reply: '550 5.1.1 user unknown' } }),
      'mailbox_refused',
    ],
    ['a disposable domain', facts({ disposable: true }), 'disposable'],
    ['a server that takes anything', facts({ probe: { kind: 'accept_all' } }), 'accept_all'],
    ['DNS that did not answer', facts({ domainMail: { kind: 'unknown', detail: 'ETIMEOUT' } }), 'unknown'],
    ['a probe that settled nothing', facts({ probe: { kind: 'unknown', detail: 'RCPT 451' } }), 'unknown'],
    ['a domain with mail and no probe', facts({}), 'accepts_mail'],
    [
      'an address-only domain',
      facts({ domainMail: { kind: 'address', hosts: ['shop.com'] } }),
      'accepts_mail',
    ],
    ['the mailbox accepted', facts({ probe: { kind: 'accepted' } }), 'mailbox_accepted'],
  ])('%s → %s', (_, input, code) => {
    expect(decideEmailCheck(input).code).toBe(code);
  });

  it('lets a definite "no" win over everything that only makes an address risky', () => {
    const risky = { disposable: true } as const;
    expect(decideEmailCheck(facts({ ...risky, domainMail: { kind: 'no_domain' } })).code).toBe('no_domain');
    expect(
      decideEmailCheck(facts({ ...risky, probe: { kind: 'refused', reply: '550 no such user' } })),
    ).toEqual({ code: 'mailbox_refused', reason: 'the mail server refused this mailbox (550 no such user)' });
  });

  it('never calls an address undeliverable on an answer that settled nothing', () => {
    const unsure = facts({
      domainMail: { kind: 'unknown', detail: 'ESERVFAIL' },
      probe: { kind: 'unknown', detail: 'timed out' },
    });
    expect(decideEmailCheck(unsure)).toEqual({ code: 'unknown', reason: "the domain's DNS did not answer" });
  });
});
