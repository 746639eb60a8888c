import { TERMS } from '../content/terms.ts';
import { LegalPageLayout } from './legal-page-layout.tsx';

export function TermsPage() {
  return <LegalPageLayout {...TERMS} />;
}
