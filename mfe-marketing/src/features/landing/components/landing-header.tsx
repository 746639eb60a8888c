import { Button } from '@prospector/ui';
import { Link } from 'react-router-dom';
import { ProductMark } from '../../../components/product-mark.tsx';

const SECTIONS = [
  { id: 'features', label: 'Features' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'reviews', label: 'Reviews' },
  { id: 'faq', label: 'FAQ' },
] as const;

export function LandingHeader() {
  return (
    <header className="sticky top-0 z-30 border-b bg-background/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-6 px-6">
        <ProductMark />
        <nav aria-label="Sections" className="hidden flex-1 items-center justify-center gap-1 md:flex">
          {SECTIONS.map((section) => (
            <Button key={section.id} asChild variant="ghost" size="sm">
              <a href={`#${section.id}`}>{section.label}</a>
            </Button>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2 md:ml-0">
          <Button asChild variant="ghost" size="sm">
            <Link to="/auth">Sign In</Link>
          </Button>
          <Button asChild size="sm">
            <Link to="/auth">Start Free Trial</Link>
          </Button>
        </div>
      </div>
    </header>
  );
}
