import { Outlet } from 'react-router-dom';
import { Brand } from './brand.tsx';
import { SidebarNav } from './sidebar-nav.tsx';
import { TopBar } from './top-bar.tsx';

export function DashboardLayout() {
  return (
    <div className="flex min-h-screen bg-muted/40">
      {/* First in the tab order, so keyboard users can jump past the sidebar and top bar. */}
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-sm text-primary-foreground focus:not-sr-only focus:absolute focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {/* The column runs the page's full height (its white background and border included), while its
          content stays in view as the page scrolls. */}
      <aside className="hidden w-64 shrink-0 border-r bg-card md:block">
        <div className="sticky top-0 flex h-screen flex-col">
          <div className="flex h-16 items-center border-b px-4">
            <Brand />
          </div>
          <SidebarNav />
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar />
        <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-7xl flex-1 flex-col outline-none">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
