import { setInterval } from 'node:timers';
import { runStandalone } from '@prospector/service-kit';
import { profileOf } from '../src/_fake-provider.ts';
import { extractorConfigFromEnv } from '../src/config.ts';
import { loadExtractorEnv } from '../src/env.ts';
import { callJsonApi } from '../src/providers/http/call-json-api.ts';
import {
  cannotListAccounts,
  NO_ACCOUNT_LISTS,
  ProviderError,
  type TDataProvider,
} from '../src/providers/provider-port.ts';
import { createExtractorService } from '../src/service.ts';
import { createNetworkPageSource } from '../src/websites/websites-config.ts';

// One extractor process of the benchmark: the real service (runStandalone, with its env's defaults) whose
// bare provider asks the bench's simulated Instagram API over HTTP (BENCH_PROVIDER_URL). That API refuses
// beyond its limit with 429 and Retry-After, as real providers do; the service's own rate limiter,
// retries and profile cache sit in front of it as in production. Reports its resident memory on stdout
// once a second.
const providerUrl = process.env.BENCH_PROVIDER_URL as string;
const bareProvider: TDataProvider = {
  name: 'sandbox',
  capabilities: { search: false, similar: false, ...NO_ACCOUNT_LISTS },
  async fetchProfile(username, options) {
    const response = await callJsonApi({
      service: 'The simulated API',
      url: `${providerUrl}/profile/${encodeURIComponent(username)}`,
      headers: { 'x-process-id': String(process.pid) },
      timeoutMs: 10_000,
      signal: options?.signal,
    });
    if (response.status === 404) return { kind: 'not_found' };
    if (response.status === 429) {
      throw new ProviderError(
        'rate_limited',
        'The simulated API rate limit reached (429)',
        response.retryAfterMs,
      );
    }
    if (response.status !== 200) throw new ProviderError('unavailable', `status ${response.status}`);
    const { email, external_url } = response.body as { email: string | null; external_url: string | null };
    return { kind: 'found', profile: { ...profileOf(username, email), external_url } };
  },
  searchUsers: async () => ({ users: [], nextCursor: null }),
  similarAccounts: async () => [],
  listAccounts: cannotListAccounts,
};
const env = loadExtractorEnv();
const config = extractorConfigFromEnv(env);
await runStandalone(
  createExtractorService({
    ...config,
    dataProvider: bareProvider,
    // EXTRACTOR_PROVIDER is unset (sandbox), which would read the sandbox's made-up sites: the linked
    // sites are read from the network, behind every guard rail, as with a real provider (the bench's
    // local sites are reached through WEBSITE_ALLOW_PRIVATE_HOSTS).
    websites: { env, pagesOf: (database) => createNetworkPageSource(env, database) },
  }),
  env,
);
process.stdout.write(
  `${JSON.stringify({ ready: true, rss: process.memoryUsage().rss, lanes: config.runs.maxLanes, itemDelayMs: config.runs.itemDelayMs, concurrency: config.runs.stepConcurrency })}\n`,
);
setInterval(
  () => process.stdout.write(`${JSON.stringify({ rss: process.memoryUsage().rss })}\n`),
  1000,
).unref();
