import { Fragment } from 'react';
import { cn } from '../lib/cn';

/**
 * The pieces of an address between its line-break points: after the @ and after each dot
 * ("ada.lovelace@mail.example.com" → "ada." "lovelace@" "mail." "example." "com").
 */
export function emailBreakParts(email: string): string[] {
  return email.match(/[^@.]*(?:[@.]|$)/g)?.filter((part) => part !== '') ?? [email];
}

/**
 * An e-mail address that, when it has to wrap, wraps only after its @ or a dot, never mid-word
 * (nor at a hyphen): each piece keeps to one line, with a `<wbr>` between pieces. A piece wider than
 * the whole line is cut with an ellipsis; the whole address is the tooltip, and copying the text
 * copies it whole.
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  return (
    <span
      className={cn('min-w-0 max-w-full [overflow-wrap:normal] [word-break:keep-all]', className)}
      title={email}
      data-slot="email-address"
    >
      {emailBreakParts(email).map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one address, in order; they never move.
        <Fragment key={index}>
          {index > 0 && <wbr />}
          <span className="inline-block max-w-full truncate align-bottom">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
