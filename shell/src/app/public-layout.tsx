import { Outlet } from 'react-router-dom';
import { RemotePage } from '../remotes/remote-page.tsx';
import { useLandingPrerenderShown } from './landing-prerender.ts';

/**
 * The public pages (landing, terms, privacy policy) with the marketing remote's cookie banner
 * (docs/product.md §2). The column lets the banner sit after the page on screen while coming first in the
 * tab order; a banner that fails to load leaves the page as it is (nothing optional runs without
 * a choice anyway). While the landing's prerendered first screen still covers the app, the banner
 * waits: it takes the focus when it appears, which nothing in the hidden tree can.
 */
export function PublicLayout() {
  const covered = useLandingPrerenderShown();
  return (
    <div className="flex min-h-screen flex-col">
      {!covered && <RemotePage id="marketing/CookieBanner" section="the cookie banner" quiet />}
      <div className="flex flex-1 flex-col">
        <Outlet />
      </div>
    </div>
  );
}
