import { EXTRACTOR_PATHS } from '@prospector/contracts';

const AVATAR_PREFIX = EXTRACTOR_PATHS.avatar.replace(':key', '');

/** Sandbox avatars are drawn by the service from the username: nothing is fetched for them. */
export const SANDBOX_AVATAR_KEY_PREFIX = 'sandbox.';

export const sandboxAvatarPath = (username: string) =>
  `${AVATAR_PREFIX}${SANDBOX_AVATAR_KEY_PREFIX}${encodeURIComponent(username)}`;
export const avatarPath = (key: string) => `${AVATAR_PREFIX}${key}`;
/** True for a picture URL that already points at this service. */
export const isAvatarPath = (url: string) => url.startsWith(AVATAR_PREFIX);
