import { AVATAR_ROUTE } from '../../providers/avatars/avatar-paths.ts';

export const AVATARS_PATHS = { avatar: AVATAR_ROUTE } as const;

/** Pictures are opened as images, never as documents: no script, no plug-ins, no sniffing. */
export const PICTURE_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'x-content-type-options': 'nosniff',
  'cache-control': 'private, max-age=86400',
} as const;
