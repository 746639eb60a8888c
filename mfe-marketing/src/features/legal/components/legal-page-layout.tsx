import { Link } from '@prospector/router';
import { PublicPageFrame } from '../../../components/public-page-frame.tsx';

/** A section of a legal page; `links` are pages of the app it points to (the opt-out page). */
type TLegalSection = {
  title: string;
  paragraphs: readonly string[];
  links?: ReadonlyArray<{ to: string; label: string }>;
};

/** A legal page's text: its title, when it last changed, an introduction and the sections. */
export type TLegalPage = {
  title: string;
  updated: string;
  intro: string;
  sections: readonly TLegalSection[];
};

/** Terms and privacy share one reading layout: numbered sections with a table of contents. */
export function LegalPageLayout({ title, updated, intro, sections }: TLegalPage) {
  const anchor = (index: number) => `section-${index + 1}`;
  return (
    <PublicPageFrame>
      <article className="flex flex-col gap-8">
        <header className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
          <p className="text-sm text-muted-foreground">Last updated: {updated}</p>
          <p className="leading-relaxed text-muted-foreground">{intro}</p>
        </header>
        <nav aria-label="Contents" className="rounded-lg border bg-muted/40 p-5">
          <h2 className="mb-3 text-sm font-semibold">Contents</h2>
          <ol className="grid gap-1.5 text-sm sm:grid-cols-2">
            {sections.map((section, index) => (
              <li key={section.title}>
                <a href={`#${anchor(index)}`} className="text-primary hover:underline">
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section key={section.title} id={anchor(index)} className="flex scroll-mt-6 flex-col gap-3">
            <h2 className="text-xl font-semibold">
              {index + 1}. {section.title}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="leading-relaxed text-muted-foreground">
                {paragraph}
              </p>
            ))}
            {section.links?.map((link) => (
              <Link key={link.to} to={link.to} className="w-fit font-medium text-primary hover:underline">
                {link.label}
              </Link>
            ))}
          </section>
        ))}
      </article>
    </PublicPageFrame>
  );
}
