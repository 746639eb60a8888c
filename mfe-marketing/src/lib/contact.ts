/** Where users reach a person: the footer's Support links and the legal pages. */
export const SUPPORT_EMAIL = 'support@prospector.app';
