import { ALL_COOKIES, APP_PATHS, NECESSARY_ONLY, type TCookieConsentFlags } from '@prospector/contracts';
import { Link } from '@prospector/router';
import { Button, Label, Switch } from '@prospector/ui';
import {
  openCookieSettings,
  readCookieConsent,
  useCookieConsent,
  useCookieSettingsRequests,
  writeCookieConsent,
} from '@prospector/web-data';
import CookieIcon from 'lucide-react/icons/cookie';
import XIcon from 'lucide-react/icons/x';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { recordConsent } from '../api/record-consent.ts';

const PREFERENCES: { kind: keyof TCookieConsentFlags; label: string; description: string }[] = [
  { kind: 'necessary', label: 'Necessary', description: 'Sign-in, security and this choice. Always on.' },
  { kind: 'analytics', label: 'Analytics', description: 'Count visits and see which pages help.' },
  { kind: 'marketing', label: 'Marketing', description: 'Measure our campaigns on other sites.' },
  { kind: 'functional', label: 'Functional', description: 'Remember preferences such as layout.' },
];

/**
 * docs/product.md §2 "Cookie banner": Accept All, Accept Necessary Only, Customize (Analytics, Marketing and
 * Functional toggles; Necessary locked on; Save Preferences). Closing it equals necessary only. It
 * shows until a choice is stored (`cookieConsent`) and again from the footer's "Cookie settings".
 *
 * It is not modal: it sits at the bottom of the viewport while the page scrolls, and after the
 * page's footer at the end, so it never hides anything for good. Focus moves to it when it appears
 * (it comes first in the tab order) and goes back where it was when it closes.
 */
export function CookieBanner() {
  const { consent } = useCookieConsent();
  const [reopened, setReopened] = useState(false);
  const [customizing, setCustomizing] = useState(false);
  const [draft, setDraft] = useState<TCookieConsentFlags>(NECESSARY_ONLY);
  const region = useRef<HTMLElement>(null);
  const returnFocusTo = useRef<Element | null>(null);
  const headingId = useId();
  const open = consent === null || reopened;

  const reopen = useCallback(() => {
    returnFocusTo.current = document.activeElement;
    setDraft(readCookieConsent() ?? NECESSARY_ONLY);
    setCustomizing(true);
    setReopened(true);
  }, []);
  useCookieSettingsRequests(reopen);

  useEffect(() => {
    if (!open) return;
    if (!returnFocusTo.current) returnFocusTo.current = document.activeElement;
    region.current?.focus({ preventScroll: true });
  }, [open]);

  const choose = (flags: TCookieConsentFlags) => {
    writeCookieConsent(flags);
    void recordConsent(flags);
    setReopened(false);
    setCustomizing(false);
    const previous = returnFocusTo.current;
    returnFocusTo.current = null;
    if (previous instanceof HTMLElement && previous !== document.body && previous.isConnected)
      previous.focus();
  };

  if (!open) return null;

  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-labelledby={headingId}
      data-testid="cookie-banner"
      // Last on screen (order-last), first in the tab order.
      className="sticky bottom-0 z-40 order-last border-t bg-card/95 shadow-[0_-4px_16px_rgb(0_0_0/0.08)] outline-none backdrop-blur"
      onKeyDown={(event) => {
        if (event.key === 'Escape') choose(NECESSARY_ONLY);
      }}
    >
      <div className="relative mx-auto flex max-h-[60vh] max-w-6xl flex-col gap-3 overflow-y-auto px-4 py-4 sm:px-6">
        <div className="flex items-start gap-3 pr-10">
          <CookieIcon className="mt-0.5 hidden size-5 shrink-0 text-primary sm:block" aria-hidden />
          <div className="flex flex-col gap-1">
            <h2 id={headingId} className="text-base font-semibold">
              Cookies on Prospector
            </h2>
            <p className="text-sm text-muted-foreground">
              We use necessary cookies to keep you signed in and the site secure. With your consent we would
              also use analytics, marketing and functional cookies. See our{' '}
              <Link to={APP_PATHS.privacyPolicy} className="text-primary underline underline-offset-4">
                Privacy Policy
              </Link>
              .
            </p>
          </div>
        </div>
        {customizing && (
          <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <legend className="sr-only">Cookie preferences</legend>
            {PREFERENCES.map(({ kind, label, description }) => (
              <div key={kind} className="flex items-start gap-3 rounded-md border p-3">
                <Switch
                  id={`${headingId}-${kind}`}
                  checked={draft[kind]}
                  disabled={kind === 'necessary'}
                  onCheckedChange={(checked) => setDraft((current) => ({ ...current, [kind]: checked }))}
                  aria-describedby={`${headingId}-${kind}-description`}
                />
                <div className="flex flex-col gap-0.5">
                  <Label htmlFor={`${headingId}-${kind}`}>{label}</Label>
                  <p id={`${headingId}-${kind}-description`} className="text-xs text-muted-foreground">
                    {description}
                  </p>
                </div>
              </div>
            ))}
          </fieldset>
        )}
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => choose(ALL_COOKIES)}>
            Accept All
          </Button>
          <Button size="sm" variant="outline" onClick={() => choose(NECESSARY_ONLY)}>
            Accept Necessary Only
          </Button>
          {customizing ? (
            <Button size="sm" variant="secondary" onClick={() => choose(draft)}>
              Save Preferences
            </Button>
          ) : (
            <Button size="sm" variant="ghost" onClick={() => setCustomizing(true)}>
              Customize
            </Button>
          )}
        </div>
        {/* Last in the tab order, after the choices; shown in the corner. */}
        <Button
          variant="ghost"
          size="icon"
          className="absolute top-2 right-2"
          aria-label="Close (necessary cookies only)"
          onClick={() => choose(NECESSARY_ONLY)}
        >
          <XIcon aria-hidden />
        </Button>
      </div>
    </section>
  );
}

/** The footer's "Cookie settings": shows the banner again with the current choice. */
export function CookieSettingsButton({ className }: { className?: string }) {
  return (
    <button type="button" className={className} onClick={openCookieSettings}>
      Cookie settings
    </button>
  );
}
