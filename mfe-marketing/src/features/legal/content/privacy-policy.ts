import { SUPPORT_EMAIL } from '@prospector/contracts';
import type { TLegalSection } from '../components/legal-page-layout.tsx';

export const PRIVACY_UPDATED = 'November 1, 2026';

export const PRIVACY_INTRO =
  'This policy explains what personal data Prospector collects, why, and the choices you have.';

export const PRIVACY_SECTIONS: readonly TLegalSection[] = [
  {
    title: 'Data We Collect',
    paragraphs: [
      'Account data: your name, e-mail address, company name, VAT number, country and account type.',
      'Usage data: the extractions you run, your credit balance and transactions, and your answers to the onboarding questions.',
      'Payment data is handled by our payment provider; we never store your card details.',
    ],
  },
  {
    title: 'Public Profile Data',
    paragraphs: [
      'When you run an extraction we retrieve information that Instagram accounts make public, such as username, name, follower counts, category, biography and public contact e-mail, and save it to your account.',
    ],
  },
  {
    title: 'How We Use Data',
    paragraphs: [
      'To provide and bill the service, keep your account secure, send you service e-mails such as verification and password reset, and improve the product.',
    ],
  },
  {
    title: 'Cookies',
    paragraphs: [
      'Necessary cookies keep you signed in. Analytics, marketing and functional cookies are used only if you accept them in the cookie banner, and you can change your choice at any time.',
    ],
  },
  {
    title: 'Sharing',
    paragraphs: [
      'We share data only with providers that run the service for us, such as hosting, e-mail delivery and payments, under contracts that protect it. We do not sell personal data.',
    ],
  },
  {
    title: 'Retention',
    paragraphs: [
      'We keep account data while your account is open. Extractions stay until you delete them or close your account.',
    ],
  },
  {
    title: 'Your Rights',
    paragraphs: [
      'You can access, correct, export or delete your personal data, and object to its use. Residents of the EU, UK and Switzerland can also complain to their data-protection authority.',
    ],
  },
  {
    title: 'Contact',
    paragraphs: [`Privacy questions and requests: ${SUPPORT_EMAIL}.`],
  },
];
