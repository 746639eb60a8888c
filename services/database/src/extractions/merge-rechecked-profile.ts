import { RECHECK_NOTICES, type TExtractionData } from '@prospector/contracts';

/**
 * What a re-check keeps (docs/product.md §10): the profile as it is now, except for the e-mail, which an
 * extraction charges for and a re-check does not. A record that has an e-mail takes the profile's current
 * one (its credit was the account's, not the address's), or keeps its own when the profile shows none any
 * more; a record without one stays without one, and the user is told why.
 */
export function mergeRecheckedProfile(
  saved: TExtractionData,
  fresh: TExtractionData,
): { profile: TExtractionData; notice: string | null } {
  if (saved.public_email) {
    if (fresh.public_email) return { profile: fresh, notice: null };
    return {
      profile: {
        ...fresh,
        public_email: saved.public_email,
        email_provenance: saved.email_provenance,
        other_emails: saved.other_emails ?? [],
      },
      notice: RECHECK_NOTICES.emailNoLongerShown,
    };
  }
  if (!fresh.public_email) return { profile: fresh, notice: null };
  return {
    profile: { ...fresh, public_email: null, email_provenance: null, other_emails: [] },
    notice: RECHECK_NOTICES.emailWithheld,
  };
}
