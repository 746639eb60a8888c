import { Link } from '@prospector/router';
import { Button } from '@prospector/ui';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import type { ReactNode } from 'react';
import { ProductMark } from './product-mark.tsx';
import { SiteFooter } from './site-footer.tsx';

/** The frame of the public reading pages (terms, privacy, opt-out): the mark, a way home, the footer. */
export function PublicPageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto flex h-16 max-w-4xl items-center justify-between px-6">
          <ProductMark />
          <Button asChild variant="ghost" size="sm">
            <Link to="/">
              <ArrowLeftIcon aria-hidden />
              Back to Home
            </Link>
          </Button>
        </div>
      </header>
      <main className="mx-auto w-full max-w-4xl flex-1 px-6 py-12">{children}</main>
      <SiteFooter />
    </div>
  );
}
