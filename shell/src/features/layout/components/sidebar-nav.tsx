import { APP_PATHS } from '@prospector/contracts';
import { cn } from '@prospector/ui';
import { NavLink } from 'react-router-dom';
import { MAIN_NAV, type TNavItem, TOOLS } from '../navigation.ts';

type SidebarNavProps = {
  /** Called after a link is followed, so the mobile drawer can close. */
  onNavigate?: () => void;
};

/** The two link groups of docs/product.md §2. NavLink sets `aria-current="page"` on the active link. */
export function SidebarNav({ onNavigate }: SidebarNavProps) {
  return (
    <nav aria-label="Main" className="flex flex-1 flex-col gap-6 px-3 py-4">
      <NavGroup label="Main" items={MAIN_NAV} onNavigate={onNavigate} />
      <NavGroup label="TOOLS" items={TOOLS} onNavigate={onNavigate} />
    </nav>
  );
}

function NavGroup({
  label,
  items,
  onNavigate,
}: { label: string; items: readonly TNavItem[] } & SidebarNavProps) {
  const headingId = `sidebar-group-${label.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1">
      <h2 id={headingId} className="px-3 pb-1 text-xs font-semibold tracking-wider text-muted-foreground">
        {label}
      </h2>
      <ul className="flex flex-col gap-0.5">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              // The overview link would otherwise stay active on every dashboard page.
              end={item.to === APP_PATHS.dashboard}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors outline-none',
                  'focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  isActive
                    ? 'bg-primary/10 text-primary'
                    : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
                )
              }
            >
              <item.icon className="size-4 shrink-0" aria-hidden />
              {item.title}
            </NavLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
