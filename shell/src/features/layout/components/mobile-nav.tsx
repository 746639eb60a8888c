import { Button, Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@prospector/ui';
import MenuIcon from 'lucide-react/icons/menu';
import { useState } from 'react';
import { Brand } from './brand.tsx';
import { SidebarNav } from './sidebar-nav.tsx';

/** Below the `md` breakpoint the sidebar moves into a drawer opened from the top bar. */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open navigation">
          <MenuIcon aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent className="top-0 left-0 h-full max-w-72 translate-x-0 translate-y-0 content-start gap-0 rounded-none p-0 sm:max-w-72">
        <DialogTitle className="sr-only">Navigation</DialogTitle>
        <DialogDescription className="sr-only">Pages and tools of Prospector</DialogDescription>
        {/* Room on the right for the dialog's close button, which sits over this row. */}
        <div className="flex h-16 items-center border-b pr-12 pl-4">
          <Brand />
        </div>
        <SidebarNav onNavigate={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
