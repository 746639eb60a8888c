import { randomBytes } from 'node:crypto';

/** Letters and digits nobody misreads (no 0/o, 1/l/i), as a person types them into a bio. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A fresh code for an opt-out request's bio check: `prospector-` and 8 characters (about 39 bits). */
export function createBioCode(): string {
  const bytes = randomBytes(8);
  let code = 'prospector-';
  for (const byte of bytes) code += ALPHABET[byte % ALPHABET.length];
  return code;
}
