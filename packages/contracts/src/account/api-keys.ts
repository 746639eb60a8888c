import { z } from 'zod';
import { ZWorkspaceRoleSchema } from './team.ts';

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'pk_';
/** How much of a key the list shows (the prefix and a few characters): enough to tell keys apart. */
export const API_KEY_SHOWN_LENGTH = 11;
export const API_KEY_NAME_MAX = 60;
/** A user's live keys at most; a revoked key frees its place. */
export const MAX_API_KEYS = 20;

export const API_KEY_MESSAGES = {
  nameRequired: 'Enter a name for the key',
  nameTooLong: `A key name has at most ${API_KEY_NAME_MAX} characters`,
  tooMany: `You can have at most ${MAX_API_KEYS} API keys. Revoke one you no longer use.`,
  notFound: 'API key not found',
  invalid: 'The API key is missing, revoked or not valid.',
  rateLimited: 'Too many requests with this API key. Try again later.',
} as const;

export const ZCreateApiKeyRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(API_KEY_NAME_MAX, API_KEY_MESSAGES.nameTooLong),
});
export type TCreateApiKeyRequest = z.infer<typeof ZCreateApiKeyRequestSchema>;

/** A key as the list shows it: never the secret, only its first characters. */
export const ZApiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The key's first characters, e.g. `pk_a1b2c3d4`. */
  start: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKeySchema>;

export const ZApiKeyListSchema = z.object({ keys: z.array(ZApiKeySchema) });

/** `POST /api/account/api-keys`: the key, and its secret, shown this once (only its hash is stored). */
export const ZCreatedApiKeySchema = z.object({ key: ZApiKeySchema, secret: z.string() });
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKeySchema>;

/** `rpc.account.api-key`: who a key belongs to, counted against its hourly limit. */
export const ZApiKeyCheckRequestSchema = z.object({ secret: z.string().min(1).max(200) });

const ZRateLimitStateSchema = z.object({
  /** Requests a key may send per window. */
  limit: z.number().int().min(0),
  /** Left in the current window (after this one). */
  remaining: z.number().int().min(0),
  windowSeconds: z.number().int().min(1),
  /** Seconds until the window resets. */
  resetSeconds: z.number().int().min(0),
});
export type TRateLimitState = z.infer<typeof ZRateLimitStateSchema>;

export const ZApiKeyCheckResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ok'),
    /** The member who created the key. */
    userId: z.string(),
    email: z.string(),
    /** The workspace the key belongs to and acts for (optional: absent from an older account service). */
    workspaceId: z.string().optional(),
    /** The creator's current role in that workspace. */
    role: ZWorkspaceRoleSchema.optional(),
    rateLimit: ZRateLimitStateSchema,
  }),
  z.object({ status: z.literal('limited'), rateLimit: ZRateLimitStateSchema }),
  z.object({ status: z.literal('invalid') }),
]);
export type TApiKeyCheckResponse = z.infer<typeof ZApiKeyCheckResponseSchema>;
