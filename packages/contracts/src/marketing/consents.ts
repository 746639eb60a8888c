import { z } from 'zod';

/** docs/product.md §3 "Local browser storage": the visitor's cookie choice, kept under this key. */
export const COOKIE_CONSENT_STORAGE_KEY = 'cookieConsent';
/** A random id kept beside the choice, so the consent log can tell one browser's choices apart. */
export const CONSENT_ANONYMOUS_ID_STORAGE_KEY = 'consentAnonymousId';
/**
 * The cookie policy the banner asks about. Raising it asks everyone again: a stored choice made under
 * another version does not count.
 */
export const COOKIE_POLICY_VERSION = '2026-11-24';

/** docs/product.md §2 "Cookie banner": necessary is always on; the three optional kinds are the visitor's to choose. */
export const ZCookieConsentFlagsSchema = z.strictObject({
  necessary: z.literal(true),
  analytics: z.boolean(),
  marketing: z.boolean(),
  functional: z.boolean(),
});
export type TCookieConsentFlags = z.infer<typeof ZCookieConsentFlagsSchema>;
export type TOptionalCookieKind = Exclude<keyof TCookieConsentFlags, 'necessary'>;

export const NECESSARY_ONLY: TCookieConsentFlags = {
  necessary: true,
  analytics: false,
  marketing: false,
  functional: false,
};
export const ALL_COOKIES: TCookieConsentFlags = {
  necessary: true,
  analytics: true,
  marketing: true,
  functional: true,
};

/** What `cookieConsent` holds: the flags, and the policy version they were given under. */
export const ZStoredCookieConsentSchema = ZCookieConsentFlagsSchema.extend({
  policyVersion: z.string(),
});
export type TStoredCookieConsent = z.infer<typeof ZStoredCookieConsentSchema>;

/** The largest `POST /api/marketing/consents` body the service reads (a real one is ~200 bytes). */
export const CONSENT_BODY_LIMIT_BYTES = 1_024;

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
