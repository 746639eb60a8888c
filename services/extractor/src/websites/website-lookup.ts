import type { TExtractionData } from '@prospector/contracts';
import type { TLogger } from '@prospector/service-kit';
import { DEFAULT_WEBSITE_LOOKUP, findWebsiteEmail, type TWebsiteEmail } from './find-website-email.ts';
import type { TPageSource } from './page-source.ts';

/** Looks for a profile's contact address on the websites it links to; null when none is found. */
export type TWebsiteLookup = (
  profile: Pick<TExtractionData, 'external_url' | 'biography'>,
  signal?: AbortSignal,
) => Promise<TWebsiteEmail | null>;

/** The lookup runs use: one page source (its rate limit and cache), one time budget per account. */
export function createWebsiteLookup(options: {
  pages: TPageSource;
  budgetMs?: number;
  logger?: TLogger;
}): TWebsiteLookup {
  return (profile, signal) =>
    findWebsiteEmail(
      profile,
      {
        pages: options.pages,
        budgetMs: options.budgetMs ?? DEFAULT_WEBSITE_LOOKUP.budgetMs,
        contactPages: DEFAULT_WEBSITE_LOOKUP.contactPages,
        onSkip: (page) =>
          options.logger?.debug('website page skipped', {
            url: page.url,
            reason: page.reason,
            detail: page.detail,
          }),
      },
      signal,
    );
}

/** No lookup at all (a run started with `websites: false` never calls it; tests that need none). */
export const noWebsiteLookup: TWebsiteLookup = async () => null;
