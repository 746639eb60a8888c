import type { ReactNode } from 'react';
import { HeroSection } from './hero-section.tsx';
import { LandingHeader } from './landing-header.tsx';

/**
 * The page's frame with its first screen (header and hero); `children` are the sections after the
 * hero. Rendered alone, it is what the build prerenders into the HTML for `/` (src/prerender), so
 * that copy always has the live page's markup.
 */
export function LandingFrame({ children, footer }: { children?: ReactNode; footer?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-background">
      <LandingHeader />
      <main className="flex-1">
        <HeroSection />
        {children}
      </main>
      {footer}
    </div>
  );
}
