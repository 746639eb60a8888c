import {
  CONSENT_ANONYMOUS_ID_STORAGE_KEY,
  COOKIE_POLICY_VERSION,
  MARKETING_PATHS,
  type TCookieConsentFlags,
  type TRecordConsentRequest,
} from '@prospector/contracts';

/** The random id this browser's choices are logged under; made on first use and kept. */
export function consentAnonymousId(): string {
  try {
    const kept = window.localStorage.getItem(CONSENT_ANONYMOUS_ID_STORAGE_KEY);
    if (kept) return kept;
    const made = crypto.randomUUID();
    window.localStorage.setItem(CONSENT_ANONYMOUS_ID_STORAGE_KEY, made);
    return made;
  } catch {
    // Storage disabled: this choice is logged under an id of its own.
    return crypto.randomUUID();
  }
}

/**
 * `POST /api/marketing/consents`: logs the choice. The choice already holds in this browser, so a
 * failed log changes nothing for the visitor; `keepalive` lets it finish when they navigate away.
 */
export async function recordConsent(flags: TCookieConsentFlags): Promise<boolean> {
  const body: TRecordConsentRequest = {
    anonymousId: consentAnonymousId(),
    flags,
    policyVersion: COOKIE_POLICY_VERSION,
  };
  try {
    const response = await fetch(MARKETING_PATHS.consents, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      keepalive: true,
    });
    return response.ok;
  } catch {
    return false;
  }
}
