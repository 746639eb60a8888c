import { useLocation } from '@prospector/router';
import { useEffect } from 'react';
import { SiteFooter } from '../../../components/site-footer.tsx';
import { CtaSection } from './cta-section.tsx';
import { FaqSection } from './faq-section.tsx';
import { FeaturesSection } from './features-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { LandingHeader } from './landing-header.tsx';
import { PricingSection } from './pricing-section.tsx';
import { TestimonialsSection } from './testimonials-section.tsx';

export function LandingPage() {
  const { hash } = useLocation();
  // Links such as "/#faq" from other pages arrive before the section exists; scroll once it does.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <div className="flex min-h-screen flex-col bg-background">
      <LandingHeader />
      <main className="flex-1">
        <HeroSection />
        <FeaturesSection />
        <PricingSection />
        <TestimonialsSection />
        <FaqSection />
        <CtaSection />
      </main>
      <SiteFooter />
    </div>
  );
}
