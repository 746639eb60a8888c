import { z } from 'zod';

/**
 * The public opt-out (docs/product.md §10, docs/architecture.md §15): a person asks that their Instagram
 * account is never extracted again (at once, unconfirmed, for 30 days) and, once they confirm the account
 * is theirs, that every saved copy is removed. No sign-in; a small proof of work (`solveOptOutChallenge`)
 * and a per-address rate limit keep it from being flooded. The answer is the same whether or not
 * anything is held.
 */
export const OPT_OUT_PATHS = {
  /** A fresh challenge to solve before sending a request. */
  challenge: '/api/marketing/opt-out/challenge',
  /** The opt-out itself. */
  optOut: '/api/marketing/opt-out',
  /** The owner's confirmation by the link mailed to the e-mail shown on the profile. */
  confirm: '/api/marketing/opt-out/confirm',
  /** The owner's confirmation by the request's code in the profile's bio. */
  bioCheck: '/api/marketing/opt-out/bio-check',
  /** "What do you hold about me?": the answer goes to the e-mail on the profile, never on screen. */
  access: '/api/marketing/opt-out/access',
} as const;

/** How long an unconfirmed opt-out blocks new extractions and can still be confirmed. */
export const OPT_OUT_CONFIRMATION_DAYS = 30;

/** The query parameter of the opt-out page that carries a mailed confirmation link's token. */
export const OPT_OUT_CONFIRM_PARAM = 'confirm';

/** What the extractor says for an account whose owner opted out (no fetch, no charge). */
export const optedOutMessage = (username: string) => `${username} has asked not to be contacted`;

/** The one answer to every accepted opt-out, whether or not anything was held. */
export const OPT_OUT_RECEIVED_MESSAGE =
  'Thank you. From now on this account is not extracted again. If we hold anything about it, a confirmation link goes to the e-mail shown on its profile. Once you confirm, by that link or with the code below, every saved copy is removed. An unconfirmed request lapses after 30 days.';
/** The answer to a confirmation, by link or by bio code. */
export const OPT_OUT_CONFIRMED_MESSAGE =
  'Confirmed. Every saved copy of this account is being removed, and it will not be extracted again.';
/** A link that is not one of ours, or whose request lapsed. */
export const OPT_OUT_LINK_INVALID_MESSAGE =
  'This confirmation link is not valid or has expired. Please send the opt-out again.';
/** A bio check for a request that does not exist, is for another account, or lapsed. */
export const OPT_OUT_REQUEST_INVALID_MESSAGE =
  'This opt-out request is not valid or has expired. Please send the opt-out again.';
/** The profile's bio does not show the request's code (yet). */
export const bioCodeMissingMessage = (username: string) =>
  `The code is not in the bio of @${username} yet. Save the bio with the code, wait a moment and try again.`;
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

/** A bio code: short enough for a bio, random enough that no one guesses it (about 40 bits). */
export const OPT_OUT_BIO_CODE_PATTERN = /^prospector-[a-z2-9]{8}$/;

/** The answer to an opt-out: the same message for everyone, and the request's own bio code. */
export const ZOptOutRecordedSchema = z.object({
  message: z.string(),
  requestId: z.uuid(),
  /** To place in the profile's bio for `bioCheck`. */
  bioCode: z.string().regex(OPT_OUT_BIO_CODE_PATTERN),
  /** When the request lapses unless confirmed. */
  expiresAt: z.iso.datetime(),
});
export type TOptOutRecorded = z.infer<typeof ZOptOutRecordedSchema>;

/**
 * Whether a bio shows the code: case and the spaces or line breaks around it do not matter, a code
 * inside a longer word does not count (`xprospector-…` is not it).
 */
export function bioShowsCode(biography: string | null | undefined, code: string): boolean {
  if (!biography || !OPT_OUT_BIO_CODE_PATTERN.test(code)) return false;
  const pattern = new RegExp(`(^|[^a-z0-9-])${code}($|[^a-z0-9-])`, 'i');
  return pattern.test(biography.normalize('NFKC'));
}

export const ZOptOutConfirmRequestSchema = z.strictObject({
  /** From the mailed link (`?confirm=` on the opt-out page). */
  token: z.string().min(1).max(300),
});
export type TOptOutConfirmRequest = z.infer<typeof ZOptOutConfirmRequestSchema>;

export const ZOptOutBioCheckRequestSchema = z.strictObject({
  requestId: z.uuid(),
  /** The account again, in any form: the service keeps only its hash, and the check needs the name. */
  username: z.string().trim().min(1, 'Enter your Instagram username').max(200),
});
export type TOptOutBioCheckRequest = z.infer<typeof ZOptOutBioCheckRequestSchema>;

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
