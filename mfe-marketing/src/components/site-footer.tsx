import { APP_PATHS, SUPPORT_EMAIL } from '@prospector/contracts';
import { Link } from '@prospector/router';
import { CookieSettingsButton } from '../features/cookie-consent/components/cookie-banner.tsx';
import { ProductMark } from './product-mark.tsx';

/**
 * The public API's reference (`V1_DOCS_PATHS.page` in the contracts), written out: importing it drew the
 * public API's schemas, and zod with them, into the landing's first load (first-load-budget.test.ts).
 */
const API_REFERENCE_PATH = '/docs/api';

const linkClass = 'text-sm text-muted-foreground transition-colors hover:text-foreground';

export function SiteFooter() {
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto grid max-w-6xl gap-8 px-6 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-3 lg:col-span-2">
          <ProductMark />
          <p className="max-w-sm text-sm text-muted-foreground">
            Public contact e-mails from Instagram accounts, for marketers and agencies. Pay only for results.
          </p>
        </div>
        <nav aria-labelledby="footer-legal" className="flex flex-col gap-3">
          <h2 id="footer-legal" className="text-sm font-semibold">
            Legal
          </h2>
          <Link to={APP_PATHS.terms} className={linkClass}>
            Terms of Service
          </Link>
          <Link to={APP_PATHS.privacyPolicy} className={linkClass}>
            Privacy Policy
          </Link>
          <Link to={APP_PATHS.optOut} className={linkClass}>
            Opt out of Prospector
          </Link>
          <CookieSettingsButton className={`${linkClass} w-fit text-left`} />
        </nav>
        <nav aria-labelledby="footer-support" className="flex flex-col gap-3">
          <h2 id="footer-support" className="text-sm font-semibold">
            Support
          </h2>
          <a href={`mailto:${SUPPORT_EMAIL}`} className={linkClass}>
            Contact Support
          </a>
          <Link to="/#faq" className={linkClass}>
            FAQ
          </Link>
          <Link to="/#pricing" className={linkClass}>
            Pricing
          </Link>
          {/* The edge serves the reference, not the app's router: a plain link loads it. */}
          <a href={API_REFERENCE_PATH} className={linkClass}>
            API Reference
          </a>
        </nav>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-6 py-6 text-xs text-muted-foreground">
          © {new Date().getFullYear()} Prospector. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
