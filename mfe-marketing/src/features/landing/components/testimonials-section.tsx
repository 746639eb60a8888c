import { Avatar, AvatarFallback, Card, CardContent, CardFooter } from '@prospector/ui';
import { QuoteIcon } from 'lucide-react';
import { TESTIMONIALS } from '../content/testimonials.ts';
import { LandingSection } from './landing-section.tsx';

const initials = (name: string) =>
  name
    .split(' ')
    .map((part) => part[0])
    .join('');

export function TestimonialsSection() {
  return (
    <LandingSection
      id="reviews"
      eyebrow="Reviews"
      title="Trusted by marketers and agencies"
      description="Teams use Prospector to reach creators, brands and businesses on Instagram."
    >
      <div className="grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((testimonial) => (
          <Card key={testimonial.name} className="justify-between">
            <CardContent className="flex flex-col gap-4">
              <QuoteIcon className="size-6 text-primary/60" aria-hidden />
              <blockquote className="leading-relaxed">{testimonial.quote}</blockquote>
            </CardContent>
            <CardFooter className="gap-3">
              <Avatar>
                <AvatarFallback>{initials(testimonial.name)}</AvatarFallback>
              </Avatar>
              <div className="flex flex-col">
                <span className="text-sm font-semibold">{testimonial.name}</span>
                <span className="text-xs text-muted-foreground">{testimonial.role}</span>
              </div>
            </CardFooter>
          </Card>
        ))}
      </div>
    </LandingSection>
  );
}
