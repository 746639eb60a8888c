import { createHmac } from 'node:crypto';
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
}

export function createOptOutKeys(secret: string = DEVELOPMENT_OPTOUT_KEY): TOptOutKeys {
  const hash = (kind: string, value: string) =>
    createHmac('sha256', secret).update(`${kind}:${value}`).digest('hex');
  return {
    username(raw) {
      const name = normalizeUsername(raw);
      return name === null ? null : hash('username', name);
    },
    email(raw) {
      const address = raw?.trim().toLowerCase();
      return address ? hash('email', address) : null;
    },
    derive: (purpose) => createHmac('sha256', secret).update(`derive:${purpose}`).digest(),
  };
}
