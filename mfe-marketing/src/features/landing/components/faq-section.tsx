import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@prospector/ui';
import { FAQS } from '../content/faqs.ts';
import { SectionHeading } from './section-heading.tsx';

export function FaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-heading" className="scroll-mt-16 bg-muted/50 px-6 py-20">
      <div className="mx-auto flex max-w-3xl flex-col gap-12">
        <SectionHeading
          id="faq-heading"
          eyebrow="FAQ"
          title="Frequently asked questions"
          description="Everything about credits, plans and how extraction works."
        />
        {/* The design system's Accordion is single and collapsible: one answer open at a time. */}
        <Accordion className="rounded-xl border bg-card px-6 shadow-sm">
          {FAQS.map((faq, index) => (
            <AccordionItem key={faq.question} value={`faq-${index}`}>
              <AccordionTrigger>{faq.question}</AccordionTrigger>
              <AccordionContent className="text-muted-foreground">{faq.answer}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </div>
    </section>
  );
}
