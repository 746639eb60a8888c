import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { USERNAME_PATTERN } from '@prospector/contracts';
import { avatarPath, isAvatarPath, SANDBOX_AVATAR_KEY_PREFIX } from './avatar-paths.ts';

const REMOTE_PREFIX = 'p.';
const SIGNATURE_BYTES = 16;

export type TAvatarSource = { kind: 'sandbox'; username: string } | { kind: 'remote'; url: string };

/**
 * Keys of proxied pictures: `p.<url, base64url>.<HMAC>`. Only this service mints them, so a caller
 * cannot make it fetch a URL of their choosing; the fetcher still checks the host on top.
 */
export function createAvatarKeys(secret: string = randomBytes(32).toString('base64url')) {
  const sign = (payload: string) =>
    createHmac('sha256', secret).update(payload).digest().subarray(0, SIGNATURE_BYTES).toString('base64url');

  return {
    keyFor(url: string): string {
      const payload = Buffer.from(url, 'utf8').toString('base64url');
      return `${REMOTE_PREFIX}${payload}.${sign(payload)}`;
    },

    /** What a key stands for, or null when it is malformed or not signed by this secret. */
    resolve(key: string): TAvatarSource | null {
      if (key.startsWith(SANDBOX_AVATAR_KEY_PREFIX)) {
        const username = key.slice(SANDBOX_AVATAR_KEY_PREFIX.length);
        return USERNAME_PATTERN.test(username) ? { kind: 'sandbox', username } : null;
      }
      const match = /^p\.([A-Za-z0-9_-]{1,4096})\.([A-Za-z0-9_-]{1,64})$/.exec(key);
      if (!match) return null;
      const [, payload = '', signature = ''] = match;
      const expected = Buffer.from(sign(payload), 'base64url');
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { kind: 'remote', url: Buffer.from(payload, 'base64url').toString('utf8') };
    },

    /**
     * The picture URL a browser is given: this service's avatar route for a provider's http(s) URL,
     * unchanged when it already points here, null for anything else.
     */
    proxiedUrl(url: string | null | undefined): string | null {
      if (!url) return null;
      if (isAvatarPath(url)) return url;
      return /^https?:\/\//i.test(url) ? avatarPath(this.keyFor(url)) : null;
    },
  };
}
