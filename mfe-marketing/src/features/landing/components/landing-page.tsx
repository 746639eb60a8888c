import { useLocation } from '@prospector/router';
import { useEffect } from 'react';
import { SiteFooter } from '../../../components/site-footer.tsx';
import { CtaSection } from './cta-section.tsx';
import { FaqSection } from './faq-section.tsx';
import { FeaturesSection } from './features-section.tsx';
import { LandingFrame } from './landing-frame.tsx';
import { PricingSection } from './pricing-section.tsx';
import { TestimonialsSection } from './testimonials-section.tsx';

export function LandingPage() {
  const { hash } = useLocation();
  // Links such as "/#faq" from other pages arrive before the section exists; scroll once it does.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <LandingFrame footer={<SiteFooter />}>
      <FeaturesSection />
      <PricingSection />
      <TestimonialsSection />
      <FaqSection />
      <CtaSection />
    </LandingFrame>
  );
}
