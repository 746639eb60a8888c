import type { TDatabase } from '@prospector/db';
import type { TLogger } from '@prospector/service-kit';
import { createAddressPolicy, parseAddressAllowance } from '@prospector/service-kit';
import type { TProviderEnv, TWebsiteEnv } from '../env.ts';
import {
  createHttpPageSource,
  DEFAULT_HTTP_PAGE_LIMITS,
  type THttpPageLimits,
  type THttpPageSourceOptions,
} from './http/http-page-source.ts';
import type { TPageSource } from './page-source.ts';
import { createSandboxPageSource } from './sandbox/sandbox-sites.ts';
import { createWebsiteLookup, type TWebsiteLookup } from './website-lookup.ts';

/** The token robots.txt files name to address the crawler. */
export const ROBOTS_TOKEN = 'ProspectorBot';
/** Names the product and where site owners read about the crawler. */
export const userAgentOf = (infoUrl: string) => `${ROBOTS_TOKEN}/1.0 (+${infoUrl})`;

/** The page the user agent names: WEBSITE_BOT_INFO_URL, else the privacy policy at PUBLIC_URL. */
export function botInfoUrlOf(env: TWebsiteEnv): string {
  if (env.WEBSITE_BOT_INFO_URL) return env.WEBSITE_BOT_INFO_URL;
  if (env.PUBLIC_URL) return `${env.PUBLIC_URL.replace(/\/+$/, '')}/privacy-policy`;
  // The env check refuses this at start; a config built by hand is refused here.
  if (env.NODE_ENV === 'production') throw new Error('PUBLIC_URL is required when NODE_ENV=production');
  return 'http://localhost:3000/privacy-policy';
}

export interface TWebsitesConfig {
  env: TWebsiteEnv;
  /** Pages from here instead of the network or the sandbox's sites (tests). */
  pagesOf?: (database: TDatabase) => TPageSource;
}

/** Website pages from the network with every guard rail, configured from env (limits: tests only). */
export function createNetworkPageSource(
  env: TWebsiteEnv,
  database: TDatabase,
  limits: Partial<THttpPageLimits> & Pick<THttpPageSourceOptions, 'resolve'> = {},
): TPageSource {
  const allowance = parseAddressAllowance(env.WEBSITE_ALLOW_PRIVATE_HOSTS);
  if (allowance.length > 0 && env.NODE_ENV === 'production') {
    throw new Error('WEBSITE_ALLOW_PRIVATE_HOSTS must be unset when NODE_ENV=production');
  }
  return createHttpPageSource({
    db: database.db,
    policy: createAddressPolicy(allowance),
    userAgent: userAgentOf(botInfoUrlOf(env)),
    robotsToken: ROBOTS_TOKEN,
    ...DEFAULT_HTTP_PAGE_LIMITS,
    ...limits,
  });
}

/**
 * The website lookup of one service instance. The sandbox provider's profiles link to sample sites,
 * which the sandbox serves itself: with it, no website is ever fetched from the network.
 */
export function createConfiguredWebsiteLookup(
  { websites, providerEnv }: { websites: TWebsitesConfig; providerEnv: TProviderEnv },
  database: TDatabase,
  logger: TLogger,
): TWebsiteLookup {
  const pages =
    websites.pagesOf?.(database) ??
    (providerEnv.EXTRACTOR_PROVIDER === 'sandbox'
      ? createSandboxPageSource({ latencyMs: providerEnv.SANDBOX_LATENCY_MS })
      : createNetworkPageSource(websites.env, database));
  return createWebsiteLookup({ pages, budgetMs: websites.env.WEBSITE_LOOKUP_BUDGET_MS, logger });
}
