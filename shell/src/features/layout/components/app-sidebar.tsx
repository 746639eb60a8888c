import { Brand } from './brand.tsx';
import { SidebarNav } from './sidebar-nav.tsx';

export function AppSidebar() {
  return (
    <aside className="sticky top-0 hidden h-screen w-64 shrink-0 flex-col border-r bg-card md:flex">
      <div className="flex h-16 items-center border-b px-4">
        <Brand />
      </div>
      <SidebarNav />
    </aside>
  );
}
