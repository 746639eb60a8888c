import { z } from 'zod';

/**
 * The public opt-out (docs/product.md §10, docs/architecture.md §15): a person asks that their Instagram
 * account is never extracted again and that every saved copy loses its data. No sign-in; a small
 * proof of work (`solveOptOutChallenge`) and a per-address rate limit keep it from being flooded. The
 * answer is the same whether or not anything is held.
 */
export const OPT_OUT_PATHS = {
  /** A fresh challenge to solve before sending a request. */
  challenge: '/api/marketing/opt-out/challenge',
  /** The opt-out itself. */
  optOut: '/api/marketing/opt-out',
  /** "What do you hold about me?": the answer goes to the e-mail on the profile, never on screen. */
  access: '/api/marketing/opt-out/access',
} as const;

/** What the extractor says for an account whose owner opted out (no fetch, no charge). */
export const optedOutMessage = (username: string) => `${username} has asked not to be contacted`;

/** The one answer to every accepted opt-out, whether or not anything was held. */
export const OPT_OUT_RECEIVED_MESSAGE =
  'Thank you. If we hold anything about this account, it is removed from every saved copy, and it will not be extracted again.';
/** The one answer to every accepted access request. */
export const ACCESS_REQUEST_RECEIVED_MESSAGE =
  'Thank you. If we hold anything about this account, the answer is sent to the e-mail shown on its profile.';

/** The largest opt-out body the service reads. */
export const OPT_OUT_BODY_LIMIT_BYTES = 2_048;

export const ZOptOutChallengeSchema = z.object({
  /** Opaque, signed by the service, valid until `expiresAt`, usable once. */
  challenge: z.string(),
  /** Leading zero bits the SHA-256 of `${challenge}:${nonce}` must have. */
  difficulty: z.number().int().min(0).max(32),
  expiresAt: z.iso.datetime(),
});
export type TOptOutChallenge = z.infer<typeof ZOptOutChallengeSchema>;

const proofShape = {
  challenge: z.string().min(1).max(200),
  nonce: z.string().regex(/^[0-9]{1,12}$/, 'nonce must be digits'),
};

export const ZOptOutRequestSchema = z.strictObject({
  /** In any form the extractor accepts: `@name`, `name` or a profile link. */
  username: z.string().trim().min(1, 'Enter your Instagram username').max(200),
  /** The e-mail shown on the profile, if the person gives it. */
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.union([z.literal(''), z.email('Enter a valid e-mail address')]))
    .optional(),
  ...proofShape,
});
export type TOptOutRequest = z.infer<typeof ZOptOutRequestSchema>;

export const ZAccessRequestSchema = z.strictObject({
  username: z.string().trim().min(1, 'Enter your Instagram username').max(200),
  ...proofShape,
});
export type TAccessRequest = z.infer<typeof ZAccessRequestSchema>;

export const ZOptOutReceivedSchema = z.object({ message: z.string() });
export type TOptOutReceived = z.infer<typeof ZOptOutReceivedSchema>;

/** Leading zero bits of a digest. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte !== 0) return bits + Math.clz32(byte) - 24;
    bits += 8;
  }
  return bits;
}

/** The proof of work, the same in the browser and on the server (Web Crypto's SHA-256). */
export async function optOutProofBits(challenge: string, nonce: string): Promise<number> {
  const digest = await globalThis.crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`${challenge}:${nonce}`),
  );
  return leadingZeroBits(new Uint8Array(digest));
}

/** Finds a nonce for the challenge (about 2^difficulty hashes); stops early when `signal` aborts. */
export async function solveOptOutChallenge(
  { challenge, difficulty }: Pick<TOptOutChallenge, 'challenge' | 'difficulty'>,
  signal?: AbortSignal,
): Promise<string> {
  for (let nonce = 0; ; nonce += 1) {
    if (signal?.aborted) throw new Error('aborted');
    if ((await optOutProofBits(challenge, String(nonce))) >= difficulty) return String(nonce);
  }
}
