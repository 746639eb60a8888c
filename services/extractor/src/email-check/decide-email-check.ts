import { EMAIL_CHECK_REASONS, type TEmailCheckCode } from '@prospector/contracts';
import type { TDomainMail } from './mail-dns.ts';
import type { TProbeResult } from './smtp-probe.ts';

/** What the checks learned about one address; the decision below is pure, so it is tested alone. */
export interface TEmailFacts {
  /** False when the address cannot be mailed to as written. */
  wellFormed: boolean;
  /** Absent when the syntax already failed. */
  domainMail?: TDomainMail;
  disposable?: boolean;
  /** Absent when the SMTP probe is off or was not reached. */
  probe?: TProbeResult;
}

export interface TDecision {
  code: TEmailCheckCode;
  reason: string;
}

const decision = (code: TEmailCheckCode, reason = EMAIL_CHECK_REASONS[code]): TDecision => ({ code, reason });

/**
 * The verdict, most certain first. Undeliverable needs a definite answer: malformed, no such domain,
 * no mail server (or a null MX), or the mail server refusing the mailbox. Then what makes an address
 * risky — a disposable domain, a server that accepts anything, no trustworthy answer — and otherwise
 * deliverable (the domain takes mail; with the probe on, the server took the mailbox). A role mailbox
 * (`info@`) is not among the facts: it is the usual contact of a business and is reported beside the
 * status (`TEmailCheck.role`), never as a reason to doubt delivery.
 */
export function decideEmailCheck(facts: TEmailFacts): TDecision {
  if (!facts.wellFormed) return decision('malformed');
  const mail = facts.domainMail;
  if (mail?.kind === 'no_domain') return decision('no_domain');
  if (mail?.kind === 'no_mail') return decision('no_mail_server');
  if (mail?.kind === 'null_mx') return decision('no_mail_server', 'this domain says it accepts no mail');
  if (facts.probe?.kind === 'refused') {
    return decision(
      'mailbox_refused',
      `${EMAIL_CHECK_REASONS.mailbox_refused} (${facts.probe.reply.slice(0, 120)})`,
    );
  }
  if (facts.disposable) return decision('disposable');
  if (facts.probe?.kind === 'accept_all') return decision('accept_all');
  if (!mail || mail.kind === 'unknown') return decision('unknown', "the domain's DNS did not answer");
  if (facts.probe?.kind === 'unknown') return decision('unknown');
  return facts.probe?.kind === 'accepted' ? decision('mailbox_accepted') : decision('accepts_mail');
}
