import { cn } from '../lib/cn';

/**
 * An e-mail address that, when it has to wrap, wraps before its @ rather than mid-word; only a part
 * longer than the whole line is broken inside.
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  return (
    <span className={cn('min-w-0 break-words', className)}>
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </span>
  );
}
