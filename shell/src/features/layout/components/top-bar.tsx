import { APP_PATHS, billingTabHref } from '@prospector/contracts';
import { Button } from '@prospector/ui';
import { useCredits, useProfile, useSession } from '@prospector/web-data';
import LogInIcon from 'lucide-react/icons/log-in';
import SparklesIcon from 'lucide-react/icons/sparkles';
import { Link } from 'react-router-dom';
import { useWorkspaceSync } from '../../../api/workspace-changed.ts';
import { offersUpgrade } from '../../../lib/plans.ts';
import { CreditsBadge } from './credits-badge.tsx';
import { MobileNav } from './mobile-nav.tsx';
import { PlanStatus } from './plan-status.tsx';
import { ToolSearch } from './tool-search.tsx';
import { UserMenu } from './user-menu.tsx';

export function TopBar() {
  const session = useSession();
  const signedIn = Boolean(session.data);
  const profile = useProfile({ enabled: signedIn });
  const credits = useCredits({ enabled: signedIn });
  const showUpgrade = offersUpgrade(profile.data, credits.data?.available);
  // Another tab switched workspace: this one loads everything again too.
  useWorkspaceSync(signedIn);

  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-1.5 border-b bg-card/90 px-3 backdrop-blur sm:gap-3 sm:px-4 md:px-6">
      <MobileNav />
      <ToolSearch />
      <div className="ml-auto flex items-center gap-1 sm:gap-3">
        {signedIn && (
          // Credits, plan status and Upgrade stay in sight at every width, in short form and closer together
          // on phones, where the search box folds into its icon to make the room (with credits reserved by a
          // running extraction too, the row just fits 390 px).
          <div className="flex items-center gap-1 sm:gap-2">
            <CreditsBadge />
            {profile.data && <PlanStatus profile={profile.data} compact />}
          </div>
        )}
        {showUpgrade && (
          <Button asChild size="sm" className="max-sm:px-2.5">
            <Link to={billingTabHref('plans')}>
              <SparklesIcon aria-hidden className="max-sm:hidden" />
              Upgrade
            </Link>
          </Button>
        )}
        {signedIn && profile.data ? (
          <UserMenu profile={profile.data} />
        ) : (
          !signedIn && (
            <Button asChild size="sm" variant="outline">
              <Link to={APP_PATHS.auth}>
                <LogInIcon aria-hidden />
                <span className="sr-only sm:not-sr-only">Sign In</span>
              </Link>
            </Button>
          )
        )}
      </div>
    </header>
  );
}
