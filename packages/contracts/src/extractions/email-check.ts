import { z } from 'zod';

/**
 * How likely a found e-mail is to receive mail (docs/architecture.md §14). `undeliverable` is never
 * charged: a credit taken for one is refunded. Whether it is a role address (`info@`) is a separate
 * fact (`ZEmailCheckSchema.role`), which never changes the status.
 */
export const EMAIL_STATUSES = ['deliverable', 'risky', 'undeliverable'] as const;
export type TEmailStatus = (typeof EMAIL_STATUSES)[number];

export const EMAIL_STATUS_LABELS: Record<TEmailStatus, string> = {
  deliverable: 'Deliverable',
  risky: 'Risky',
  undeliverable: 'Undeliverable',
};

/**
 * What a check found, each with its status and the words the user reads (`EMAIL_CHECK_REASONS`). `role`
 * is no longer reached: it is the code of records checked while a role address was counted risky, kept
 * by the migrations that split the role flag off, since what else their check learned was not stored.
 */
export const EMAIL_CHECK_CODES = [
  'accepts_mail',
  'mailbox_accepted',
  'accept_all',
  'unknown',
  'role',
  'disposable',
  'malformed',
  'no_domain',
  'no_mail_server',
  'mailbox_refused',
] as const;
export type TEmailCheckCode = (typeof EMAIL_CHECK_CODES)[number];

export const EMAIL_CHECK_STATUS: Record<TEmailCheckCode, TEmailStatus> = {
  accepts_mail: 'deliverable',
  mailbox_accepted: 'deliverable',
  accept_all: 'risky',
  unknown: 'risky',
  role: 'risky',
  disposable: 'risky',
  malformed: 'undeliverable',
  no_domain: 'undeliverable',
  no_mail_server: 'undeliverable',
  mailbox_refused: 'undeliverable',
};

/** The default reason of each code; a check may say more ("the mail server refused this mailbox (550 …)"). */
export const EMAIL_CHECK_REASONS: Record<TEmailCheckCode, string> = {
  accepts_mail: 'the domain has a mail server',
  mailbox_accepted: 'the mail server accepts this mailbox',
  accept_all: 'the mail server accepts any address on this domain',
  unknown: 'the mail server could not confirm this address',
  role: 'a role address checked before its deliverability was told apart: re-check it for its status',
  disposable: 'a disposable e-mail domain',
  malformed: 'not a valid e-mail address',
  no_domain: 'this domain does not exist',
  no_mail_server: 'no mail server for this domain',
  mailbox_refused: 'the mail server refused this mailbox',
};

/** The verdict on one address: its status, why (code and words), whether it is a role address, and when. */
export const ZEmailCheckSchema = z.object({
  status: z.enum(EMAIL_STATUSES),
  code: z.enum(EMAIL_CHECK_CODES),
  reason: z.string().min(1).max(300),
  // A verdict sent before the flag existed (an event still on the bus) has none: it reads as false, and
  // the database reads the flag from the address itself anyway (`email_role`).
  role: z
    .boolean()
    .default(false)
    .describe(
      'A role mailbox (info@, hello@, bookings@…), read by a team rather than a person. Separate from `status`: a role address can be deliverable.',
    ),
  checkedAt: z.iso.datetime(),
});
export type TEmailCheck = z.infer<typeof ZEmailCheckSchema>;

/** A verdict for `code`, its reason the default one unless a more precise one is given. */
export const emailCheckOf = (
  code: TEmailCheckCode,
  checkedAt: Date,
  { reason, role = false }: { reason?: string; role?: boolean } = {},
): TEmailCheck => ({
  status: EMAIL_CHECK_STATUS[code],
  code,
  reason: reason ?? EMAIL_CHECK_REASONS[code],
  role,
  checkedAt: checkedAt.toISOString(),
});

/**
 * Request/reply the extractor answers for the database service's re-check of a record: the profile as it
 * is now (`ZRefreshProfileRequestSchema`), and the verdict on one address, reached the way runs reach it
 * (same resolver, cache and probe settings).
 */
export const EXTRACTOR_RPC = {
  checkEmail: 'rpc.extractor.check-email',
  refreshProfile: 'rpc.extractor.refresh-profile',
  /** Whether an account's bio shows an opt-out's code now (the marketing service's confirmation). */
  bioShowsCode: 'rpc.extractor.bio-shows-code',
} as const;
export const ZCheckEmailRequestSchema = z.object({ email: z.string().min(1).max(320) });

/**
 * `extractions.email-checked`: a run item's e-mail got its verdict after the item was recorded (the
 * check did not finish within the run's time budget). The database service updates the record; a
 * refund, if any, has already been made (`creditsUsed` is what the item costs now).
 */
export const ZExtractionEmailCheckedSchema = z.object({
  itemId: z.uuid(),
  runId: z.uuid(),
  username: z.string(),
  emailCheck: ZEmailCheckSchema,
  creditsUsed: z.number().int().min(0),
});
export type TExtractionEmailChecked = z.infer<typeof ZExtractionEmailCheckedSchema>;
