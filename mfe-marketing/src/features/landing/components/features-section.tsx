import { Card, CardDescription, CardHeader, CardTitle } from '@prospector/ui';
import { FEATURES } from '../content/features.ts';
import { LandingSection } from './landing-section.tsx';

export function FeaturesSection() {
  return (
    <LandingSection
      id="features"
      eyebrow="Features"
      title="Everything you need to find the right inbox"
      description="From a single username to a keyword search, every tool saves its results to your own database."
    >
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((feature) => (
          <Card key={feature.title} className="transition-shadow hover:shadow-md">
            <CardHeader className="gap-3">
              <span className="flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <feature.icon className="size-5" aria-hidden />
              </span>
              <CardTitle className="text-lg">
                <h3>{feature.title}</h3>
              </CardTitle>
              <CardDescription className="leading-relaxed">{feature.description}</CardDescription>
            </CardHeader>
          </Card>
        ))}
      </div>
    </LandingSection>
  );
}
