import { cn } from '@prospector/ui';
import type { ReactNode } from 'react';

type SectionHeadingProps = { id: string; eyebrow: string; title: string; description: ReactNode };

function SectionHeading({ id, eyebrow, title, description }: SectionHeadingProps) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-3 text-center">
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
      <h2 id={id} className="text-3xl font-bold tracking-tight text-balance md:text-4xl">
        {title}
      </h2>
      <p className="text-balance text-muted-foreground">{description}</p>
    </div>
  );
}

type LandingSectionProps = Omit<SectionHeadingProps, 'id'> & {
  /** The anchor the header's links jump to (`#features`); the heading is `<id>-heading`. */
  id: string;
  /** On the muted background, setting it apart from its neighbours. */
  muted?: boolean;
  /** Text-width content (the FAQ) instead of the full grid width. */
  narrow?: boolean;
  children: ReactNode;
};

/** A section of the landing page, named by its heading and kept clear of the sticky header when jumped to. */
export function LandingSection({
  id,
  muted = false,
  narrow = false,
  children,
  ...heading
}: LandingSectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={cn('scroll-mt-16 px-6 py-20', muted && 'bg-muted/50')}
    >
      <div className={cn('mx-auto flex flex-col gap-12', narrow ? 'max-w-3xl' : 'max-w-6xl')}>
        <SectionHeading id={`${id}-heading`} {...heading} />
        {children}
      </div>
    </section>
  );
}
