import { Link } from '@prospector/router';
import { Button } from '@prospector/ui';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import { ProductMark } from '../../../components/product-mark.tsx';
import { SiteFooter } from '../../../components/site-footer.tsx';

export type TLegalSection = { title: string; paragraphs: readonly string[] };

type LegalPageLayoutProps = {
  title: string;
  updated: string;
  intro: string;
  sections: readonly TLegalSection[];
};

/** Terms and privacy share one reading layout: numbered sections with a table of contents. */
export function LegalPageLayout({ title, updated, intro, sections }: LegalPageLayoutProps) {
  const anchor = (index: number) => `section-${index + 1}`;
  return (
    <div className="flex min-h-screen flex-col bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto flex h-16 max-w-4xl items-center justify-between px-6">
          <ProductMark />
          <Button asChild variant="ghost" size="sm">
            <Link to="/">
              <ArrowLeftIcon aria-hidden />
              Back to Home
            </Link>
          </Button>
        </div>
      </header>
      <main className="mx-auto w-full max-w-4xl flex-1 px-6 py-12">
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
            </section>
          ))}
        </article>
      </main>
      <SiteFooter />
    </div>
  );
}
