import { TERMS_INTRO, TERMS_SECTIONS, TERMS_UPDATED } from '../content/terms.ts';
import { LegalPageLayout } from './legal-page-layout.tsx';

export function TermsPage() {
  return (
    <LegalPageLayout
      title="Terms of Service"
      updated={TERMS_UPDATED}
      intro={TERMS_INTRO}
      sections={TERMS_SECTIONS}
    />
  );
}
