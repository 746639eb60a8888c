import { z } from 'zod';

/** The schemas of consents.ts, apart so that a page reading only its constants loads no zod. */

/** docs/product.md §2 "Cookie banner": necessary is always on; the three optional kinds are the visitor's to choose. */
export const ZCookieConsentFlagsSchema = z.strictObject({
  necessary: z.literal(true),
  analytics: z.boolean(),
  marketing: z.boolean(),
  functional: z.boolean(),
});
export type TCookieConsentFlags = z.infer<typeof ZCookieConsentFlagsSchema>;
/** What `cookieConsent` holds: the flags, and the policy version they were given under. */
export const ZStoredCookieConsentSchema = ZCookieConsentFlagsSchema.extend({
  policyVersion: z.string(),
});
export type TStoredCookieConsent = z.infer<typeof ZStoredCookieConsentSchema>;

/** `POST /api/marketing/consents`: one choice, recorded as it was made. No sign-in needed. */
export const ZRecordConsentRequestSchema = z.strictObject({
  anonymousId: z.uuid(),
  flags: ZCookieConsentFlagsSchema,
  policyVersion: z
    .string()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z0-9._-]+$/, 'policyVersion must be letters, digits, dots, dashes or underscores'),
});
export type TRecordConsentRequest = z.infer<typeof ZRecordConsentRequestSchema>;

export const ZRecordConsentResponseSchema = z.object({ id: z.uuid(), createdAt: z.iso.datetime() });
export type TRecordConsentResponse = z.infer<typeof ZRecordConsentResponseSchema>;
