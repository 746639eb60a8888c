import type { ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { cn } from '../lib/cn.ts';

export type THarnessLink = { to: string; label: string };

/**
 * Development only, never exposed: a thin bar above the remote's pages so each one can be opened
 * at its real path without the shell.
 */
export function HarnessFrame({
  remote,
  links,
  notice,
}: {
  remote: string;
  links: readonly THarnessLink[];
  /** Shown between the bar and the page, e.g. that the API is not reachable. */
  notice?: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <nav
        aria-label="Dev harness"
        className="flex flex-wrap items-center gap-1 border-b bg-foreground px-4 py-2 text-xs text-background"
      >
        <span className="mr-3 font-semibold">{remote} · dev harness</span>
        {links.map((link) => (
          <NavLink
            key={link.to}
            to={link.to}
            end
            className={({ isActive }) =>
              cn('rounded px-2 py-1 hover:bg-background/15', isActive && 'bg-background/20')
            }
          >
            {link.label}
          </NavLink>
        ))}
      </nav>
      {notice}
      <div className="flex-1">
        <Outlet />
      </div>
    </div>
  );
}
