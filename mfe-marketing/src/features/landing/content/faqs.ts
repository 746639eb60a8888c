/** The landing page's twelve questions (docs/product.md §2). */
export const FAQS: readonly { question: string; answer: string }[] = [
  {
    question: 'What does Prospector do?',
    answer:
      'Prospector finds the public contact e-mail and profile data of Instagram accounts, so you can build lead lists for outreach.',
  },
  {
    question: 'How do credits work?',
    answer:
      'One credit is used each time a public e-mail is found. If an account has no public e-mail, no credit is used.',
  },
  {
    question: 'What is included in the free trial?',
    answer: 'The trial lasts 15 days and includes 25 free credits, with access to every extraction tool.',
  },
  {
    question: 'Where do the e-mails come from?',
    answer:
      'Only from information the account makes public: its business contact details, biography and website link.',
  },
  {
    question: 'Can I extract many accounts at once?',
    answer: 'Yes. Batch extraction takes up to 1,000 usernames per batch, one username per line.',
  },
  {
    question: 'How does keyword search work?',
    answer:
      'Enter a keyword, choose accounts from the results and start the extraction. Accounts you have already extracted are left out.',
  },
  {
    question: 'Can I export my results?',
    answer: 'Yes. Every extraction is saved to your database, where you can filter it and export it as CSV.',
  },
  {
    question: 'Will I be charged twice for the same account?',
    answer: 'No. Usernames you have already extracted are skipped, so they never use a second credit.',
  },
  {
    question: 'Can I change or cancel my plan?',
    answer:
      'You can change plans from the billing page at any time. A cancelled plan stays active until the end of the paid period.',
  },
  {
    question: 'How do I pay?',
    answer:
      'Plans are billed monthly by card through a secure checkout. You never share card details with us.',
  },
  {
    question: 'How accurate are the results?',
    answer:
      'E-mails are taken directly from public profile data, with 98% accuracy on the addresses we return.',
  },
  {
    question: 'How do I get help?',
    answer: 'Write to our support team from the link in the footer.',
  },
];
