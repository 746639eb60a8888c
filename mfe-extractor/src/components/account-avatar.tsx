import { cn } from '@prospector/ui';
import { useState } from 'react';

/** Up to two letters for a picture that is missing or fails: the full name's initials, else the username's first. */
export function accountInitials(fullName: string | null, username: string): string {
  const words = (fullName ?? '').split(/\s+/).filter((word) => /^\p{L}/u.test(word));
  const letters =
    words.length > 0
      ? words.slice(0, 2).map((word) => Array.from(word)[0])
      : Array.from(username).slice(0, 1);
  return letters.join('').toUpperCase();
}

type AccountAvatarProps = {
  /** The extractor's same-origin image proxy URL, or null when the account has no picture. */
  src: string | null;
  fullName: string | null;
  username: string;
  className?: string;
};

/**
 * Decorative (the username is next to it, so `alt=""`); loads only when scrolled into view, and
 * shows initials when there is no picture or the proxy cannot serve it.
 */
export function AccountAvatar({ src, fullName, username, className }: AccountAvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const box = cn('size-10 shrink-0 rounded-full', className);
  if (src && failedSrc !== src) {
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        width={40}
        height={40}
        className={cn(box, 'bg-muted object-cover')}
        onError={() => setFailedSrc(src)}
      />
    );
  }
  return (
    <span
      aria-hidden
      data-testid="avatar-initials"
      className={cn(
        box,
        'flex items-center justify-center bg-accent text-sm font-medium text-accent-foreground',
      )}
    >
      {accountInitials(fullName, username)}
    </span>
  );
}
