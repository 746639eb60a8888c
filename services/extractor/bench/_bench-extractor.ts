import { setInterval } from 'node:timers';
import { runStandalone } from '@prospector/service-kit';
import { profileOf } from '../src/_fake-provider.ts';
import { extractorConfigFromEnv } from '../src/config.ts';
import { loadExtractorEnv } from '../src/env.ts';
import {
  cannotListAccounts,
  NO_ACCOUNT_LISTS,
  ProviderError,
  type TDataProvider,
} from '../src/providers/provider-port.ts';
import { createExtractorService } from '../src/service.ts';
import { createNetworkPageSource } from '../src/websites/websites-config.ts';

// One extractor process of the benchmark: the real service (runStandalone) whose provider asks the
// bench's simulated Instagram API over HTTP (BENCH_PROVIDER_URL), which enforces the rate limit for
// every process at once (and learns which process asked). Reports its resident memory on stdout once a second.
const providerUrl = process.env.BENCH_PROVIDER_URL as string;
const provider: TDataProvider = {
  name: 'sandbox',
  capabilities: { search: false, similar: false, ...NO_ACCOUNT_LISTS },
  async fetchProfile(username) {
    const response = await fetch(`${providerUrl}/profile/${username}`, {
      headers: { 'x-process-id': String(process.pid) },
    });
    if (response.status === 404) return { kind: 'not_found' };
    if (!response.ok) throw new ProviderError('unavailable', `status ${response.status}`);
    const { email, external_url } = (await response.json()) as {
      email: string | null;
      external_url: string | null;
    };
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
    providerAsIs: provider,
    // EXTRACTOR_PROVIDER is unset (sandbox), which would read the sandbox's made-up sites: the linked
    // sites are read from the network, behind every guard rail, as with a real provider (the bench's
    // local sites are reached through WEBSITE_ALLOW_PRIVATE_HOSTS).
    websites: { env, pagesOf: (database) => createNetworkPageSource(env, database) },
  }),
  env,
);
process.stdout.write(`${JSON.stringify({ ready: true, rss: process.memoryUsage().rss })}\n`);
setInterval(
  () => process.stdout.write(`${JSON.stringify({ rss: process.memoryUsage().rss })}\n`),
  1000,
).unref();
