import { APP_PATHS } from '@prospector/contracts';
import { Link } from '@prospector/router';
import { Button } from '@prospector/ui';
import MenuIcon from 'lucide-react/icons/menu';
import XIcon from 'lucide-react/icons/x';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ProductMark } from '../../../components/product-mark.tsx';
import { useVisitor } from '../../../lib/use-visitor.ts';

const SECTIONS = [
  { id: 'features', label: 'Features' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'reviews', label: 'Reviews' },
  { id: 'faq', label: 'FAQ' },
] as const;

/**
 * docs/product.md §2 landing navigation. A signed-in visitor gets a way back into the app ("Dashboard")
 * instead of Sign In. Below the md breakpoint the sections live in a disclosure menu.
 */
export function LandingHeader() {
  const { signedIn } = useVisitor();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  const closeMenu = useCallback((returnFocus: boolean) => {
    setMenuOpen(false);
    if (returnFocus) menuButton.current?.focus();
  }, []);

  // Opening moves focus into the menu, so a keyboard user lands on its first entry; Escape closes
  // it and hands focus back to the button.
  useEffect(() => {
    if (!menuOpen) return;
    menu.current?.querySelector<HTMLElement>('a')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen, closeMenu]);

  const accountLink = signedIn ? (
    <Link to={APP_PATHS.dashboard}>Dashboard</Link>
  ) : (
    <Link to={APP_PATHS.auth}>Sign In</Link>
  );

  return (
    <header className="sticky top-0 z-30 border-b bg-background/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-6 sm:px-6">
        <ProductMark />
        <nav aria-label="Sections" className="hidden flex-1 items-center justify-center gap-1 md:flex">
          {SECTIONS.map((section) => (
            <Button key={section.id} asChild variant="ghost" size="sm">
              <a href={`#${section.id}`}>{section.label}</a>
            </Button>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2 md:ml-0">
          <Button asChild variant="ghost" size="sm" className="hidden md:inline-flex">
            {accountLink}
          </Button>
          {!signedIn && (
            <Button asChild size="sm">
              <Link to={APP_PATHS.auth}>Start Free Trial</Link>
            </Button>
          )}
          <Button
            ref={menuButton}
            type="button"
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Menu"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <XIcon aria-hidden /> : <MenuIcon aria-hidden />}
          </Button>
        </div>
      </div>
      <div ref={menu} id={menuId} hidden={!menuOpen} className="border-t bg-background px-4 pb-4 md:hidden">
        <nav aria-label="Menu" className="flex flex-col py-2">
          {SECTIONS.map((section) => (
            <Button key={section.id} asChild variant="ghost" className="justify-start">
              <a href={`#${section.id}`} onClick={() => closeMenu(false)}>
                {section.label}
              </a>
            </Button>
          ))}
          <Button asChild variant="outline" className="mt-2" onClick={() => closeMenu(false)}>
            {accountLink}
          </Button>
        </nav>
      </div>
    </header>
  );
}
