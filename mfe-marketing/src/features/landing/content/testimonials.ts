export const TESTIMONIALS: readonly { quote: string; name: string; role: string }[] = [
  {
    quote:
      'We used to copy e-mails from profiles by hand. Now a batch of a hundred creators takes minutes, and we only pay for the ones that have an address.',
    name: 'Giulia Rossi',
    role: 'Influencer Manager, Milan',
  },
  {
    quote:
      'Keyword search plus CSV export fits straight into our outreach workflow. Our reply rates went up because we finally reach the right inboxes.',
    name: 'Daniel Weber',
    role: 'Growth Lead, Berlin',
  },
  {
    quote:
      'Pricing is simple and fair. The trial credits were enough to see the quality of the results before we picked a plan.',
    name: 'Claire Martin',
    role: 'Agency Founder, Lyon',
  },
];
