import type { TDataAccessAnswer, TOptOutConfirmationMail } from '@prospector/contracts';
import type { TMail } from './mailer.ts';

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function compose(to: string, subject: string, lines: string[], link?: { label: string; url: string }): TMail {
  const text = [...lines, ...(link ? ['', `${link.label}: ${link.url}`] : [])].join('\n');
  const paragraphs = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
  const button = link
    ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p><p>${escapeHtml(link.url)}</p>`
    : '';
  return { to, subject, text, html: `<div style="font-family:sans-serif">${paragraphs}${button}</div>` };
}

export const verificationMail = (to: string, url: string) =>
  compose(
    to,
    'Confirm your Prospector account',
    ['Welcome to Prospector!', 'Confirm your e-mail address to activate your account.'],
    { label: 'Confirm your e-mail', url },
  );

export const passwordResetMail = (to: string, url: string) =>
  compose(
    to,
    'Reset your Prospector password',
    [
      'Someone asked to reset the password of your Prospector account.',
      'If it was not you, ignore this e-mail.',
    ],
    { label: 'Set a new password', url },
  );

export const welcomeMail = (to: string, name: string) =>
  compose(to, 'Welcome to Prospector', [
    `Hi ${name},`,
    'Your account is ready: your 15-day free trial includes 25 credits.',
    'You are charged one credit only when a public e-mail is found.',
  ]);

/** Sent instead of revealing, to whoever signs up, that the address already has an account. */
export const existingAccountMail = (to: string, signInUrl: string) =>
  compose(
    to,
    'Someone tried to sign up with your e-mail',
    [
      'Someone tried to create a Prospector account with this e-mail address, which already has one.',
      'If it was you, sign in instead (or reset your password). Otherwise you can ignore this e-mail.',
    ],
    { label: 'Sign in', url: signInUrl },
  );

/** The answer to "What do you hold about me?", sent only to the e-mail the profile itself showed. */
export const dataAccessMail = (answer: TDataAccessAnswer, optOutUrl: string) =>
  compose(
    answer.to,
    `What Prospector holds about @${answer.username}`,
    [
      `Someone asked what Prospector holds about the Instagram account @${answer.username}. This address was shown on that profile, so the answer comes here.`,
      `${answer.holders === 1 ? '1 customer has' : `${answer.holders} customers have`} a saved record of it, first saved ${answer.firstSavedAt.slice(0, 10)} and last saved ${answer.lastSavedAt.slice(0, 10)}.`,
      `The records hold: ${answer.fields.join(', ')}. All of it was shown publicly on the profile or the website it links to.`,
      'Saved records are removed 12 months after they were saved. You can have every copy removed now, and the account never looked up again, on the opt-out page.',
      'If you did not ask, you can ignore this message.',
    ],
    { label: 'Opt out', url: optOutUrl },
  );

/** An invitation to a workspace; the link is good for 7 days and stops working once resent or revoked. */
export const invitationMail = (to: string, invitedBy: string, workspaceName: string, url: string) =>
  compose(
    to,
    `${invitedBy} invited you to ${workspaceName} on Prospector`,
    [
      `${invitedBy} invited you to join the workspace ${workspaceName} on Prospector.`,
      'The link works for 7 days. If you have no account yet, you can create one from it.',
    ],
    { label: 'Accept the invitation', url },
  );

/**
 * An opt-out's confirmation link, sent only to an e-mail the saved records of the account show: whoever
 * reads this mailbox is taken as the account's owner, and only their click removes the saved copies.
 */
export const optOutConfirmationMail = (mail: TOptOutConfirmationMail, confirmUrl: string) =>
  compose(
    mail.to,
    `Confirm the opt-out of @${mail.username}`,
    [
      `Someone asked Prospector to opt out the Instagram account @${mail.username}. This address was shown on that profile, so the confirmation comes here.`,
      'The account is already no longer extracted. If you confirm, every saved copy our customers hold is removed too.',
      `Without a confirmation, the request lapses on ${mail.expiresAt.slice(0, 10)}.`,
      'If you did not ask, you can ignore this message.',
    ],
    { label: 'Confirm the opt-out', url: confirmUrl },
  );
