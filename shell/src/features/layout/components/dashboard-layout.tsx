import { Outlet } from 'react-router-dom';
import { AppSidebar } from './app-sidebar.tsx';
import { TopBar } from './top-bar.tsx';

export function DashboardLayout() {
  return (
    <div className="flex min-h-screen bg-muted/40">
      <AppSidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar />
        <main id="main" className="mx-auto flex w-full max-w-7xl flex-1 flex-col">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
