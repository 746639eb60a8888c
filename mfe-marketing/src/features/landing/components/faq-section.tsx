import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@prospector/ui';
import { FAQS } from '../content/faqs.ts';
import { LandingSection } from './landing-section.tsx';

export function FaqSection() {
  return (
    <LandingSection
      id="faq"
      eyebrow="FAQ"
      title="Frequently asked questions"
      description="Everything about credits, plans and how extraction works."
      muted
      narrow
    >
      {/* The design system's Accordion is single and collapsible: one answer open at a time. */}
      <Accordion className="rounded-xl border bg-card px-6 shadow-sm">
        {FAQS.map((faq, index) => (
          <AccordionItem key={faq.question} value={`faq-${index}`}>
            <AccordionTrigger>{faq.question}</AccordionTrigger>
            <AccordionContent className="text-muted-foreground">{faq.answer}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </LandingSection>
  );
}
