import { SUPPORT_EMAIL } from '@prospector/contracts';
import type { TLegalPage } from '../components/legal-page-layout.tsx';

export const TERMS: TLegalPage = {
  title: 'Terms of Service',
  updated: 'November 26, 2026',
  intro:
    'These terms govern your use of Prospector. By creating an account or using the service you agree to them.',
  sections: [
    {
      title: 'The Service',
      paragraphs: [
        'Prospector looks up the public profile data and public contact e-mail of Instagram accounts that you name or find by keyword or as similar accounts, using a data provider, the profile’s biography and the website it links to, and stores the results in your account for 12 months after they were last fetched (a re-check fetches a record again).',
        'Accounts whose owners opted out on our public opt-out page are never looked up, and are removed from your saved records; the Database page tells you how many were removed.',
      ],
    },
    {
      title: 'Your Account',
      paragraphs: [
        'You must give accurate sign-up details and keep your password safe. You are responsible for all activity under your account.',
        'Accounts are for individuals and businesses aged 18 or over.',
      ],
    },
    {
      title: 'Credits, Plans and Payment',
      paragraphs: [
        'New accounts receive a 15-day trial with 25 credits. Paid plans are billed monthly in advance and add their credits each billing period.',
        'One credit is used for each public e-mail found. No credit is used when no public e-mail is found.',
        'You can cancel at any time; a cancelled plan stays active until the end of the period already paid.',
      ],
    },
    {
      title: 'Acceptable Use',
      paragraphs: [
        'You must use extracted data lawfully, including anti-spam and data-protection laws. Before contacting anyone you need a lawful basis: for most business outreach that means having weighed your legitimate interest against the person’s, and many countries require prior consent before sending marketing e-mail to individuals — check the rules where you and they are.',
        'When you contact someone, say who you are, where you found their details (public data looked up through Prospector), and how to stop further contact; data-protection law usually requires this notice within a month of collecting their data.',
        'Honour every request to stop contacting someone at once, and never re-import or re-collect the data of a person who opted out or objected.',
        'You must not resell raw data, attempt to overload the service, or use it to harass anyone.',
      ],
    },
    {
      title: 'Data You Extract',
      paragraphs: [
        'You decide why and how you use the data you extract, and you are its controller under data-protection law; we look it up and keep it on your behalf. Our Privacy Policy explains how we handle personal data, including how long records are kept and how people opt out.',
      ],
    },
    {
      title: 'Availability and Changes',
      paragraphs: [
        'We aim for high availability but do not guarantee uninterrupted service. Third-party platforms may change what information they make public.',
      ],
    },
    {
      title: 'Liability',
      paragraphs: [
        'The service is provided as is. To the extent permitted by law, our liability is limited to the amount you paid in the 12 months before the claim.',
      ],
    },
    {
      title: 'Termination',
      paragraphs: [
        'We may suspend accounts that break these terms. You can delete your account at any time in Settings; its runs, results and saved records are erased with it.',
      ],
    },
    {
      title: 'Contact',
      paragraphs: [`Questions about these terms: ${SUPPORT_EMAIL}.`],
    },
  ],
};
