/**
 * Mailboxes that name a function, not a person (`hello@`, `info@`, `bookings@`): the usual contact of a
 * business profile. Whether an address is one is its own fact, apart from its deliverability
 * (docs/architecture.md §14): the checker reports it beside the status, the database keeps it in
 * `email_role` for the "Address type" filter. `info+shop@` counts as `info@`. The database's migration
 * 0010 copies this list into SQL for the records saved before it (a test holds the two equal).
 */
export const ROLE_LOCAL_PARTS: ReadonlySet<string> = new Set([
  'abuse',
  'accounting',
  'accounts',
  'admin',
  'administrator',
  'billing',
  'bookings',
  'booking',
  'careers',
  'contact',
  'contactus',
  'enquiries',
  'enquiry',
  'feedback',
  'hello',
  'help',
  'helpdesk',
  'hostmaster',
  'hr',
  'info',
  'inquiries',
  'inquiry',
  'jobs',
  'legal',
  'mail',
  'marketing',
  'media',
  'news',
  'newsletter',
  'noreply',
  'no-reply',
  'office',
  'orders',
  'postmaster',
  'press',
  'privacy',
  'reservations',
  'sales',
  'security',
  'service',
  'support',
  'team',
  'webmaster',
]);

/** Whether a local part (what comes before the `@`) names a role mailbox. */
export function isRoleAddress(local: string): boolean {
  const base = local.toLowerCase().split('+')[0] ?? '';
  return ROLE_LOCAL_PARTS.has(base);
}

/** Whether a whole address is a role mailbox: its local part is everything before the last `@`. */
export function isRoleEmail(email: string): boolean {
  const at = email.trim().lastIndexOf('@');
  return at > 0 && isRoleAddress(email.trim().slice(0, at));
}
