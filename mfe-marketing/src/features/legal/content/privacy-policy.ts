import { APP_PATHS, SUPPORT_EMAIL } from '@prospector/contracts';
import type { TLegalPage } from '../components/legal-page-layout.tsx';

export const PRIVACY: TLegalPage = {
  title: 'Privacy Policy',
  updated: 'December 1, 2026',
  intro:
    'This policy says, in plain words, what personal data Prospector handles, where it comes from, why, for how long, who else touches it, and how anyone can stop it — customers and the people whose public Instagram details our customers look up alike.',
  sections: [
    {
      title: 'Data We Collect',
      paragraphs: [
        'About our customers: name, e-mail address, company name, VAT number, country and account type given at sign-up; the answers to the onboarding questions; the extractions they run, their credits and credit history; and the cookie choices made in the banner, logged under a random browser id.',
        'Payments are handled by our payment provider (Stripe); we never see or store card details.',
      ],
    },
    {
      title: 'Public Profile Data',
      paragraphs: [
        'When a customer names an Instagram account, or picks it from a keyword search or a list of similar accounts, we look up what that account shows publicly: its username, name, follower, following and post counts, whether it is verified or private, its category, biography, the website it links to, its profile picture, and a public contact e-mail.',
        'The sources are only these: the data provider the service is set up with (a commercial scraping service, or Instagram’s own Business Discovery API), the text of the biography, and the website the profile links to — its linked page and at most three of its contact pages, read only where the site’s robots.txt allows it.',
        'To tell customers whether a found address can receive mail we look up its domain’s mail servers, and may ask the mail server whether the mailbox exists; no message is ever sent to it.',
        'We do not collect private messages, private accounts’ posts, or anything behind a login.',
      ],
    },
    {
      title: 'How We Use Data',
      paragraphs: [
        'Customer data is used to run and bill the service, keep accounts secure, and send service e-mails such as verification and password resets.',
        'Public profile data is collected on a customer’s request, to give that customer business contact details for outreach. The customer decides whom to contact and why, and is responsible for doing so lawfully (see the Terms of Service). We use it for nothing else: we do not sell it, build profiles across customers, or contact the people ourselves.',
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
        'Data is shared only with the providers that run the service for us: hosting, e-mail delivery, payments (Stripe) and the Instagram data provider in use, which receives the usernames being looked up. Each customer sees only their own saved records. We do not sell personal data.',
      ],
    },
    {
      title: 'Retention',
      paragraphs: [
        'Saved records of public profiles are kept for 12 months from when their data was last fetched (their extraction, or a re-check the customer asks for, which fetches the public profile again), then removed automatically (the operator of an instance may set another period). A customer can delete them sooner at any time.',
        'The per-account results of an extraction run are kept 30 days after the run ends; after that only its counts remain. Fetched profiles are cached for 24 hours and linked website pages for 7 days, then removed.',
        'Customer account data is kept while the account is open. Deleting the account erases it, with the account’s runs, results and saved records, from every part of the service.',
      ],
    },
    {
      title: 'Your Rights',
      paragraphs: [
        'If your Instagram account was looked up through Prospector, you can opt out without an account of your own: enter your username (and, if you like, the e-mail shown on your profile) on the opt-out page. From that moment the account is not fetched again, free of charge to you: new extractions are refused, and keyword searches and similar-account lists leave it out.',
        'Removing the copies our customers have already saved needs proof that the account is yours, so that no one can remove them for you. Confirm in one of two ways: open the link we send to the e-mail address our customers’ saved copies show for the profile (sent only if we hold such copies), or add the code the page gives you to the profile’s bio and click “I’ve added it”, and we read the bio through our data provider. Once you confirm, every customer’s saved copy is removed, and each affected customer is told that a record was removed after an opt-out request. A request that is not confirmed within 30 days lapses: from then on the account can be extracted again, and you can send a new request at any time.',
        'We keep only a one-way keyed fingerprint of what you entered, so we can recognise the account without storing its name. Each network address (for IPv6, each /64 network) may send a few requests an hour.',
        'On the same page, “What do you hold about me?” sends what our customers’ saved records hold about an account — how many hold it, since when and which fields — to the e-mail shown on that profile, never to the screen.',
        'Customers, and anyone else, can also ask us for a copy, a correction or erasure, and object to processing, by writing to the address below. Residents of the EU, UK and Switzerland can also complain to their data-protection authority.',
        'Every opt-out, access request, erasure and retention removal is recorded as what happened, when and how many records, without the identifiers of the person concerned.',
      ],
      links: [{ to: APP_PATHS.optOut, label: 'Open the opt-out page' }],
    },
    {
      title: 'Contact',
      paragraphs: [`Privacy questions and requests: ${SUPPORT_EMAIL}.`],
    },
  ],
};
