import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TEnvCheck } from '@prospector/config';
import { normalizeUsername } from '@prospector/contracts';
import { z } from 'zod';

/**
 * The public opt-out (docs/architecture.md §15) stores and sends only keyed hashes: HMAC-SHA256 with a
 * secret every service holding personal data shares (OPTOUT_KEY), of the normalised username and of
 * the lower-cased e-mail. Without the key a hash cannot be checked against a list of guessed names.
 */
export const optOutKeyEnvShape = {
  OPTOUT_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
};

/**
 * Development and tests only: with it anyone holding the code can test a guess against a stored hash,
 * so production refuses to start without a key of its own.
 */
export const DEVELOPMENT_OPTOUT_KEY = 'prospector-development-opt-out-key-not-for-production';

export const optOutKeyEnvCheck: TEnvCheck = (env) =>
  env.NODE_ENV === 'production' && (!env.OPTOUT_KEY || env.OPTOUT_KEY === DEVELOPMENT_OPTOUT_KEY)
    ? {
        variable: 'OPTOUT_KEY',
        message:
          'is required in production (at least 32 characters, the same on the marketing, extractor and database services)',
      }
    : undefined;

export interface TOptOutKeys {
  /** The keyed hash of a username in any form the extractor accepts; null when it is not one. */
  username(raw: string): string | null;
  /** The keyed hash of an e-mail address (trimmed, lower case); null when it is empty. */
  email(raw: string | null | undefined): string | null;
  /** The key itself, for the service that derives further secrets from it (the challenge signature). */
  derive(purpose: string): Buffer;
  /**
   * The token of an opt-out's confirmation link mailed to the address with this hash: made by the
   * service that knows the address (database), read by the one that knows the request (marketing).
   */
  confirmationToken(requestId: string, emailKey: string): string;
  /** The request and the address hash a token was made for; null when it is not one of ours. */
  readConfirmationToken(token: string): { requestId: string; emailKey: string } | null;
}

const TOKEN_SHAPE = /^([0-9a-f-]{36})\.([0-9a-f]{64})\.([A-Za-z0-9_-]{43})$/;

export function createOptOutKeys(secret: string = DEVELOPMENT_OPTOUT_KEY): TOptOutKeys {
  const hash = (kind: string, value: string) =>
    createHmac('sha256', secret).update(`${kind}:${value}`).digest('hex');
  const derive = (purpose: string) => createHmac('sha256', secret).update(`derive:${purpose}`).digest();
  const tokenMac = (requestId: string, emailKey: string) =>
    createHmac('sha256', derive('opt-out-confirmation'))
      .update(`${requestId}:${emailKey}`)
      .digest('base64url');
  return {
    username(raw) {
      const name = normalizeUsername(raw);
      return name === null ? null : hash('username', name);
    },
    email(raw) {
      const address = raw?.trim().toLowerCase();
      return address ? hash('email', address) : null;
    },
    derive,
    confirmationToken: (requestId, emailKey) => `${requestId}.${emailKey}.${tokenMac(requestId, emailKey)}`,
    readConfirmationToken(token) {
      const match = TOKEN_SHAPE.exec(token.trim());
      if (!match?.[1] || !match[2] || !match[3]) return null;
      const expected = Buffer.from(tokenMac(match[1], match[2]));
      const given = Buffer.from(match[3]);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return { requestId: match[1], emailKey: match[2] };
    },
  };
}
