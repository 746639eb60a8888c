import { Avatar as AvatarPrimitive } from 'radix-ui';
import { slotted } from '../lib/slotted';

export const Avatar = slotted(
  AvatarPrimitive.Root,
  'avatar',
  'relative flex size-8 shrink-0 overflow-hidden rounded-full',
);
/** Shown until the image loads, or instead of it (e.g. the user's initials). */
export const AvatarFallback = slotted(
  AvatarPrimitive.Fallback,
  'avatar-fallback',
  'flex size-full items-center justify-center rounded-full bg-accent text-xs font-medium text-accent-foreground',
);
