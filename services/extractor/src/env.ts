import { envFields, exitOnEnvError, loadEnv, type TEnvCheck } from '@prospector/config';
import { PROVIDER_NAMES } from '@prospector/contracts';
import {
  optOutKeyEnvCheck,
  SERVICE_PORTS,
  standaloneEnvShape,
  ZAddressAllowanceSchema,
} from '@prospector/service-kit';
import { z } from 'zod';
import { DEFAULT_APIFY_FOLLOWERS_ACTOR, DEFAULT_APIFY_HASHTAG_ACTOR } from './providers/apify/apify-lists.ts';
import { providerRequestsPerMinute } from './providers/provider-rates.ts';
import { lanesForProviderRate } from './runs/plan-step.ts';
import { DEFAULT_RUN_CONFIG, type TRunConfig } from './runs/run-deps.ts';

const count = (fallback: number) => z.coerce.number().int().min(0).default(fallback);
const positive = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

/** The Instagram data provider and its limits (see src/providers/README.md). */
export const providerEnvShape = {
  /** sandbox (default, synthetic sample data) | apify | graph. */
  EXTRACTOR_PROVIDER: z.enum(PROVIDER_NAMES).default('sandbox'),
  /**
   * Requests a minute this process sends the provider (a token bucket per process); unset: the rate the
   * configured provider states (PROVIDER_REQUESTS_PER_MINUTE, src/providers/provider-rates.ts).
   */
  EXTRACTOR_PROVIDER_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  /** Retries of a 429, 5xx, timeout or network failure, with exponential backoff. */
  EXTRACTOR_PROVIDER_MAX_RETRIES: count(3).pipe(z.number().max(10)),
  /** How long one provider call may take. */
  EXTRACTOR_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  /** How long a fetched profile is reused (0: always ask the provider). */
  EXTRACTOR_PROFILE_CACHE_TTL_HOURS: z.coerce.number().min(0).default(24),
  SANDBOX_LATENCY_MS: count(150),
  SANDBOX_ERROR_RATE: z.coerce.number().min(0).max(1).default(0),
  SANDBOX_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  APIFY_TOKEN: z.string().optional(),
  APIFY_API_BASE: envFields.httpUrl.default('https://api.apify.com'),
  APIFY_PROFILE_ACTOR: z.string().default('apify~instagram-profile-scraper'),
  APIFY_SEARCH_ACTOR: z.string().default('apify~instagram-search-scraper'),
  /** Lists an account's followers (`src/providers/README.md`, "Account lists": input and rows). */
  APIFY_FOLLOWERS_ACTOR: z.string().min(1).default(DEFAULT_APIFY_FOLLOWERS_ACTOR),
  /** Lists a hashtag's recent posts, whose authors make the list. */
  APIFY_HASHTAG_ACTOR: z.string().min(1).default(DEFAULT_APIFY_HASHTAG_ACTOR),
  GRAPH_ACCESS_TOKEN: z.string().optional(),
  GRAPH_IG_USER_ID: z.string().regex(/^\d+$/, 'must be the numeric Instagram user id').optional(),
  GRAPH_API_BASE: envFields.httpUrl.default('https://graph.facebook.com'),
  GRAPH_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'must look like v21.0')
    .default('v21.0'),
};
export type TProviderEnv = z.infer<z.ZodObject<typeof providerEnvShape>>;

/** Keyword search, similar accounts and the avatar proxy. */
export const discoveryEnvShape = {
  /** Searches (keyword or similar accounts) one user may run a minute. */
  EXTRACTOR_SEARCH_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Signs avatar keys and account-list cursors (16+ characters); unset, each process picks its own at start. */
  EXTRACTOR_AVATAR_SECRET: z.string().min(16).optional(),
};
export type TDiscoveryEnv = z.infer<z.ZodObject<typeof discoveryEnvShape>>;

/** A real provider needs its credentials; pass to `loadEnv` with any shape that spreads providerEnvShape. */
export const providerEnvCheck: TEnvCheck = (env) => {
  if (env.EXTRACTOR_PROVIDER === 'apify' && !env.APIFY_TOKEN) {
    return { variable: 'APIFY_TOKEN', message: 'is required when EXTRACTOR_PROVIDER=apify' };
  }
  if (env.EXTRACTOR_PROVIDER === 'graph' && !env.GRAPH_ACCESS_TOKEN) {
    return { variable: 'GRAPH_ACCESS_TOKEN', message: 'is required when EXTRACTOR_PROVIDER=graph' };
  }
  if (env.EXTRACTOR_PROVIDER === 'graph' && !env.GRAPH_IG_USER_ID) {
    return { variable: 'GRAPH_IG_USER_ID', message: 'is required when EXTRACTOR_PROVIDER=graph' };
  }
  return undefined;
};

/** Looking for e-mails on the websites profiles link to (src/websites/README.md). */
export const websiteEnvShape = {
  /**
   * The page that tells site owners who the crawler is, named in its user agent; unset: the privacy
   * policy where users reach the app (PUBLIC_URL), which says what is read from websites and how.
   */
  WEBSITE_BOT_INFO_URL: envFields.httpUrl.optional(),
  /** All the time one account's website lookup may take, every page and wait included. */
  WEBSITE_LOOKUP_BUDGET_MS: z.coerce.number().int().min(1000).max(60_000).default(10_000),
  /**
   * Non-public addresses or CIDR ranges website fetches may still reach (tests against local servers:
   * `127.0.0.1`). Refused when NODE_ENV=production.
   */
  WEBSITE_ALLOW_PRIVATE_HOSTS: ZAddressAllowanceSchema,
};
/**
 * With NODE_ENV, which every deployable's shape names (the embedded edge's, the extractor's own), and
 * PUBLIC_URL (the standalone shape's; the embedded server's, defaulted to its own port).
 */
export type TWebsiteEnv = z.infer<z.ZodObject<typeof websiteEnvShape>> & {
  NODE_ENV?: 'development' | 'production' | 'test';
  PUBLIC_URL?: string;
};

/** Production never reaches private addresses, whatever the allowance says (needs NODE_ENV in the shape). */
export const websiteEnvCheck: TEnvCheck = (env) =>
  env.NODE_ENV === 'production' && env.WEBSITE_ALLOW_PRIVATE_HOSTS
    ? { variable: 'WEBSITE_ALLOW_PRIVATE_HOSTS', message: 'must be unset when NODE_ENV=production' }
    : undefined;

/** Production names a real page in the crawler's user agent, never a placeholder (needs PUBLIC_URL in the shape). */
export const websiteBotEnvCheck: TEnvCheck = (env) =>
  env.NODE_ENV === 'production' && !env.PUBLIC_URL && !env.WEBSITE_BOT_INFO_URL
    ? {
        variable: 'PUBLIC_URL',
        message:
          "is required when NODE_ENV=production (the website crawler's user agent links to the privacy policy there)",
      }
    : undefined;

/** How extraction runs are paced and kept alive; the embedded edge spreads this shape too. */
export const extractorRunsEnvShape = {
  /** A finished run's per-account results are removed this many days after it ended (0: kept). */
  RUN_RESULTS_RETENTION_DAYS: count(30),
  /** Pause between two accounts of one lane of a run (0: only the provider's rate limiter paces runs). */
  EXTRACTION_ITEM_DELAY_MS: count(DEFAULT_RUN_CONFIG.itemDelayMs),
  /** Accounts of one run worked on at once; unset: enough to fill the provider's rate limit. */
  EXTRACTION_RUN_LANES: z.coerce.number().int().min(1).optional(),
  /** Steps one extractor process works on at once; also the work queue's in-flight cap. */
  EXTRACTION_CONCURRENCY: positive(DEFAULT_RUN_CONFIG.stepConcurrency),
  /** A run's credit hold lasts this long unless the run, while working, extends it. */
  EXTRACTION_HOLD_LEASE_MS: positive(DEFAULT_RUN_CONFIG.holdLeaseMs),
  /**
   * A step whose process stopped saying it works goes to another process after this (a crash's pause).
   * A working step says so every third of the shorter of this and the stall limit.
   */
  EXTRACTION_STEP_ACK_WAIT_MS: positive(DEFAULT_RUN_CONFIG.stepAckWaitMs),
  /** An active run unchanged and without a step heartbeat this long has its steps sent again. */
  EXTRACTION_STALL_AFTER_MS: positive(DEFAULT_RUN_CONFIG.stallAfterMs),
  /** How often stalled runs are looked for. */
  EXTRACTION_SWEEP_INTERVAL_MS: positive(DEFAULT_RUN_CONFIG.sweepIntervalMs),
};

export type TRunsEnv = z.infer<z.ZodObject<typeof extractorRunsEnvShape>>;

/** `host`, `host:port`, `[v6]` or `[v6]:port`, comma separated. */
const dnsServers = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  )
  .pipe(
    z.array(
      z
        .string()
        .regex(
          /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/,
          'must be DNS server addresses like 127.0.0.1:5353, comma separated',
        ),
    ),
  );

/** The deliverability check of found e-mails (src/email-check/, docs/architecture.md §14). */
export const emailCheckEnvShape = {
  /** auto (default: simulated with the sandbox provider, real DNS otherwise) | network | sandbox. */
  EMAIL_CHECK_MODE: z.enum(['auto', 'network', 'sandbox']).default('auto'),
  /** How long a run waits for the verdict before charging; later verdicts refund (0: never wait). */
  EMAIL_CHECK_BUDGET_MS: count(3000),
  /** DNS servers to ask (e.g. 127.0.0.1:5353); unset: the system's resolvers. */
  EMAIL_DNS_SERVERS: dnsServers,
  EMAIL_DNS_TIMEOUT_MS: positive(2000),
  EMAIL_DNS_TRIES: positive(2),
  /** How long one domain's DNS answer is reused, and how many domains are kept. */
  EMAIL_DNS_CACHE_TTL_MS: count(3_600_000),
  EMAIL_DNS_CACHE_SIZE: positive(10_000),
  /** on: ask the domain's mail server about the mailbox (RCPT TO, never sending). Off by default. */
  EMAIL_SMTP_PROBE: z.enum(['on', 'off']).default('off'),
  EMAIL_SMTP_PROBE_PORT: positive(25).pipe(z.number().max(65_535)),
  /** The name the probe gives in EHLO (a name whose reverse DNS matches helps with strict servers). */
  EMAIL_SMTP_PROBE_HELO: z.string().min(1).default('localhost'),
  /** MAIL FROM of the probe; empty: the null sender `<>`. */
  EMAIL_SMTP_PROBE_FROM: z.union([z.literal(''), z.email()]).default(''),
  EMAIL_SMTP_PROBE_TIMEOUT_MS: positive(10_000),
};
export type TEmailCheckEnv = z.infer<z.ZodObject<typeof emailCheckEnvShape>>;

export const runConfigFromEnv = (
  env: TRunsEnv & Pick<TProviderEnv, 'EXTRACTOR_PROVIDER' | 'EXTRACTOR_PROVIDER_REQUESTS_PER_MINUTE'>,
): TRunConfig => ({
  itemDelayMs: env.EXTRACTION_ITEM_DELAY_MS,
  maxLanes: env.EXTRACTION_RUN_LANES ?? lanesForProviderRate(providerRequestsPerMinute(env)),
  stepConcurrency: env.EXTRACTION_CONCURRENCY,
  holdLeaseMs: env.EXTRACTION_HOLD_LEASE_MS,
  stepAckWaitMs: env.EXTRACTION_STEP_ACK_WAIT_MS,
  stallAfterMs: env.EXTRACTION_STALL_AFTER_MS,
  sweepIntervalMs: env.EXTRACTION_SWEEP_INTERVAL_MS,
});

// The embedded edge spreads these beside the other services' shapes.
export const extractorEnvShapes = {
  ...providerEnvShape,
  ...discoveryEnvShape,
  ...extractorRunsEnvShape,
  ...websiteEnvShape,
  ...emailCheckEnvShape,
};

/** The extractor service's own process (distributed mode). */
export const extractorEnvShape = {
  ...standaloneEnvShape(SERVICE_PORTS.extractor),
  ...extractorEnvShapes,
  /** production refuses WEBSITE_ALLOW_PRIVATE_HOSTS, and requires PUBLIC_URL (the crawler's user agent). */
  NODE_ENV: envFields.nodeEnv,
};
export const loadExtractorEnv = () =>
  exitOnEnvError(() =>
    loadEnv('extractor service', extractorEnvShape, process.env, [
      providerEnvCheck,
      websiteEnvCheck,
      websiteBotEnvCheck,
      optOutKeyEnvCheck,
    ]),
  );
