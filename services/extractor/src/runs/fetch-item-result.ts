import type { TEmailCheck, TExtractionData, TItemOutcome } from '@prospector/contracts';
import type { TRunDeps } from './run-deps.ts';

/** What one account came to, before it is written. */
export interface TItemResult {
  outcome: TItemOutcome;
  /** The per-account message (null for email_found). */
  message: string | null;
  creditsUsed: number;
  /** Kept on the item and, when there is one, sent to the database service. */
  profile: TExtractionData | null;
  /** The e-mail's verdict (email_found), null until it is in. */
  emailCheck: TEmailCheck | null;
}

/** A result that used no credit and has no verdict (yet). */
export const itemResult = (
  outcome: TItemOutcome,
  message: string | null,
  profile: TExtractionData | null = null,
): TItemResult => ({ outcome, message, creditsUsed: 0, profile, emailCheck: null });

/**
 * Asks the provider for one account (its rate limit, retries and cache sit behind the port) and turns
 * the answer into the item's outcome. Any provider failure is this account's api_error; the run goes on.
 * A profile that shows no e-mail is, when the run asks for it, looked up on the websites it links to
 * (src/websites/): an address found there is an e-mail found like any other (and charged like one),
 * with the page it was read on as its provenance.
 */
export async function fetchItemResult(
  deps: Pick<TRunDeps, 'provider' | 'websites'>,
  username: string,
  options: { websites: boolean; userId?: string; fresh?: boolean } = { websites: false },
): Promise<TItemResult> {
  let found: Awaited<ReturnType<TRunDeps['provider']['fetchProfile']>>;
  try {
    found = await deps.provider.fetchProfile(username, { userId: options.userId, fresh: options.fresh });
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : 'Unknown error';
    return itemResult('api_error', `API error: ${message}`);
  }
  if (found.kind === 'not_found') return itemResult('no_data', `No data found for ${username}`);
  const profile = { ...found.profile, username };
  if (!profile.public_email && options.websites) {
    // The lookup keeps to its own time budget and never throws; a failure here is "no e-mail".
    const onWebsite = await deps.websites(profile).catch(() => null);
    if (onWebsite) {
      return itemResult('email_found', null, {
        ...profile,
        public_email: onWebsite.email,
        email_provenance: {
          provider: deps.provider.name,
          field: 'website',
          fetchedAt: onWebsite.fetchedAt.toISOString(),
          sourceUrl: onWebsite.pageUrl,
        },
      });
    }
  }
  return profile.public_email
    ? itemResult('email_found', null, profile)
    : itemResult('no_email', `No public email found for ${username}`, profile);
}
