import { PRIVACY } from '../content/privacy-policy.ts';
import { LegalPageLayout } from './legal-page-layout.tsx';

export function PrivacyPolicyPage() {
  return <LegalPageLayout {...PRIVACY} />;
}
