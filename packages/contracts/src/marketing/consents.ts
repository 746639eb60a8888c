import type { TCookieConsentFlags, TStoredCookieConsent } from './consent-schemas.ts';

/** docs/product.md §3 "Local browser storage": the visitor's cookie choice, kept under this key. */
export const COOKIE_CONSENT_STORAGE_KEY = 'cookieConsent';
/** A random id kept beside the choice, so the consent log can tell one browser's choices apart. */
export const CONSENT_ANONYMOUS_ID_STORAGE_KEY = 'consentAnonymousId';
/**
 * The cookie policy the banner asks about. Raising it asks everyone again: a stored choice made under
 * another version does not count.
 */
export const COOKIE_POLICY_VERSION = '2026-11-24';

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

const STORED_CONSENT_KEYS = ['necessary', 'analytics', 'marketing', 'functional', 'policyVersion'];

/**
 * Whether a parsed `cookieConsent` value is a stored choice (the shape `ZStoredCookieConsentSchema`
 * parses, and no other key). A plain guard: the banner reads it on every page, and a visitor's
 * first load should not download the schema library.
 */
export function isStoredCookieConsent(value: unknown): value is TStoredCookieConsent {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const stored = value as Record<string, unknown>;
  return (
    Object.keys(stored).length === STORED_CONSENT_KEYS.length &&
    stored.necessary === true &&
    typeof stored.analytics === 'boolean' &&
    typeof stored.marketing === 'boolean' &&
    typeof stored.functional === 'boolean' &&
    typeof stored.policyVersion === 'string'
  );
}

/** The largest `POST /api/marketing/consents` body the service reads (a real one is ~200 bytes). */
export const CONSENT_BODY_LIMIT_BYTES = 1_024;
