import { Brand } from './brand.tsx';
import { SidebarNav } from './sidebar-nav.tsx';

export function AppSidebar() {
  return (
    // The column runs the page's full height (its white background and border included), while its
    // content stays in view as the page scrolls.
    <aside className="hidden w-64 shrink-0 border-r bg-card md:block">
      <div className="sticky top-0 flex h-screen flex-col">
        <div className="flex h-16 items-center border-b px-4">
          <Brand />
        </div>
        <SidebarNav />
      </div>
    </aside>
  );
}
