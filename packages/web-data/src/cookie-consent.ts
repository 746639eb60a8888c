import {
  COOKIE_CONSENT_STORAGE_KEY,
  COOKIE_POLICY_VERSION,
  isStoredCookieConsent,
  type TCookieConsentFlags,
  type TOptionalCookieKind,
} from '@prospector/contracts';
import { useEffect, useSyncExternalStore } from 'react';

/**
 * The visitor's cookie choice (docs/product.md §2 "Cookie banner", §3 `cookieConsent`), for every frontend:
 * whatever sets an optional cookie or loads an optional script asks `useCookieConsent()` first and
 * does nothing until its kind is allowed. The banner (marketing remote) is the only writer.
 */

/** Said on `window` whenever the choice changes in this tab (other tabs hear the `storage` event). */
const CONSENT_CHANGED_EVENT = 'prospector:cookie-consent-changed';
/** Asks the cookie banner to show again (the footer's "Cookie settings"). */
const OPEN_SETTINGS_EVENT = 'prospector:cookie-settings-open';

// With storage disabled (private mode, policy) a choice holds for this page's life only.
let unstoredChoice: string | null = null;

function readStored(): string | null {
  try {
    return window.localStorage.getItem(COOKIE_CONSENT_STORAGE_KEY) ?? unstoredChoice;
  } catch {
    return unstoredChoice;
  }
}

function parseStored(raw: string | null): TCookieConsentFlags | null {
  if (!raw) return null;
  try {
    const stored: unknown = JSON.parse(raw);
    if (!isStoredCookieConsent(stored) || stored.policyVersion !== COOKIE_POLICY_VERSION) return null;
    const { policyVersion: _version, ...flags } = stored;
    return flags;
  } catch {
    // A hand-edited value: no choice.
    return null;
  }
}

/** The stored choice, or null when there is none (or it was made under another policy version). */
export const readCookieConsent = (): TCookieConsentFlags | null => parseStored(readStored());

/** Keeps the choice in localStorage and tells this tab's listeners. */
export function writeCookieConsent(flags: TCookieConsentFlags): void {
  const raw = JSON.stringify({ ...flags, policyVersion: COOKIE_POLICY_VERSION });
  try {
    window.localStorage.setItem(COOKIE_CONSENT_STORAGE_KEY, raw);
  } catch {
    unstoredChoice = raw;
  }
  window.dispatchEvent(new Event(CONSENT_CHANGED_EVENT));
}

// useSyncExternalStore needs the same object while the stored text is the same.
let last: { raw: string | null; flags: TCookieConsentFlags | null } = { raw: null, flags: null };
function getSnapshot(): TCookieConsentFlags | null {
  const raw = readStored();
  if (raw !== last.raw) last = { raw, flags: parseStored(raw) };
  return last.flags;
}

function subscribe(onChange: () => void) {
  const changed = (event: Event) => {
    if (event instanceof StorageEvent && event.key !== null && event.key !== COOKIE_CONSENT_STORAGE_KEY)
      return;
    onChange();
  };
  window.addEventListener(CONSENT_CHANGED_EVENT, changed);
  window.addEventListener('storage', changed);
  return () => {
    window.removeEventListener(CONSENT_CHANGED_EVENT, changed);
    window.removeEventListener('storage', changed);
  };
}

/**
 * `consent` is null until the visitor has chosen; `allows(kind)` is false until they allowed that
 * kind. Necessary cookies need no consent.
 */
export function useCookieConsent() {
  const consent = useSyncExternalStore(subscribe, getSnapshot, () => null);
  return {
    consent,
    allows: (kind: TOptionalCookieKind) => consent?.[kind] === true,
  };
}

/** Shows the cookie banner again, with the current choice, wherever it is mounted. */
export function openCookieSettings(): void {
  window.dispatchEvent(new Event(OPEN_SETTINGS_EVENT));
}

/** Calls `onOpen` each time something asks for the cookie settings. */
export function useCookieSettingsRequests(onOpen: () => void): void {
  useEffect(() => {
    window.addEventListener(OPEN_SETTINGS_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_SETTINGS_EVENT, onOpen);
  }, [onOpen]);
}
