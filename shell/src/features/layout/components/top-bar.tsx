import { Button } from '@prospector/ui';
import { LogInIcon, SparklesIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { CreditsBadge } from './credits-badge.tsx';
import { MobileNav } from './mobile-nav.tsx';
import { ToolSearch } from './tool-search.tsx';

export function TopBar() {
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b bg-card/90 px-4 backdrop-blur md:px-6">
      <MobileNav />
      <ToolSearch />
      <div className="ml-auto flex items-center gap-2 sm:gap-3">
        <div className="hidden sm:block">
          <CreditsBadge credits={undefined} />
        </div>
        <Button asChild size="sm">
          <Link to="/dashboard/billing?tab=plans">
            <SparklesIcon aria-hidden />
            {/* Icon-only on phones, so the search box keeps its room; the name stays for screen readers. */}
            <span className="sr-only sm:not-sr-only">Upgrade</span>
          </Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link to="/auth">
            <LogInIcon aria-hidden />
            <span className="sr-only sm:not-sr-only">Sign In</span>
          </Link>
        </Button>
      </div>
    </header>
  );
}
