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
    return {
      outcome: 'api_error',
      message: `API error: ${message}`,
      creditsUsed: 0,
      profile: null,
      emailCheck: null,
    };
  }
  if (found.kind === 'not_found') {
    return {
      outcome: 'no_data',
      message: `No data found for ${username}`,
      creditsUsed: 0,
      profile: null,
      emailCheck: null,
    };
  }
  const profile = { ...found.profile, username };
  if (!profile.public_email && options.websites) {
    // The lookup keeps to its own time budget and never throws; a failure here is "no e-mail".
    const onWebsite = await deps.websites(profile).catch(() => null);
    if (onWebsite) {
      const withEmail: TExtractionData = {
        ...profile,
        public_email: onWebsite.email,
        email_provenance: {
          provider: deps.provider.name,
          field: 'website',
          fetchedAt: onWebsite.fetchedAt.toISOString(),
          sourceUrl: onWebsite.pageUrl,
        },
      };
      return {
        outcome: 'email_found',
        message: null,
        creditsUsed: 0,
        profile: withEmail,
        emailCheck: null,
      };
    }
  }
  if (!profile.public_email) {
    return {
      outcome: 'no_email',
      message: `No public email found for ${username}`,
      creditsUsed: 0,
      profile,
      emailCheck: null,
    };
  }
  return { outcome: 'email_found', message: null, creditsUsed: 0, profile, emailCheck: null };
}
