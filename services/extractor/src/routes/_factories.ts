import { createMemoryBus, type TEventBus } from '@prospector/bus';
import { loadEnv } from '@prospector/config';
import type { TToolAccessResponse } from '@prospector/contracts';
import { createDatabase, type TDatabase } from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import { createLogger, startService, type TRunningService } from '@prospector/service-kit';
import { migratedSchemasOf } from '@prospector/service-kit/testing';
import { answerToolAccess, headerIdentity } from '../_factories.ts';
import { DEFAULT_EXTRACTOR_CONFIG, type TExtractorConfig } from '../config.ts';
import { discoveryEnvShape, emailCheckEnvShape, providerEnvShape, websiteEnvShape } from '../env.ts';
import { DEFAULT_RUN_CONFIG } from '../runs/run-deps.ts';
import { createExtractorService, extractorService } from '../service.ts';

/**
 * A verifier that trusts test headers, standing in for the account service's session check
 * (`x-test-workspace`: the workspace the session acts for; `headerIdentity` in ../_factories.ts).
 */
export const testIdentity = headerIdentity;

/** Extractor settings from env-style values over the defaults (no sandbox latency unless asked). */
export function extractorConfig(
  values: Record<string, string> = {},
  extra: Partial<TExtractorConfig> = {},
): TExtractorConfig {
  const source = { SANDBOX_LATENCY_MS: '0', ...values };
  return {
    providerEnv: loadEnv('test', providerEnvShape, source),
    discovery: loadEnv('test', discoveryEnvShape, source),
    runs: DEFAULT_RUN_CONFIG,
    websites: { env: loadEnv('test', websiteEnvShape, source) },
    emailCheck: loadEnv('test', emailCheckEnvShape, source),
    retention: DEFAULT_EXTRACTOR_CONFIG.retention,
    ...extra,
  };
}

/** A real PostgreSQL database and an in-process bus that several extractor instances can share. */
export async function createExtractorTestbed(options: { access?: Map<string, TToolAccessResponse> } = {}) {
  const testDatabase = await createTestDatabase({ migrated: migratedSchemasOf(extractorService) });
  const bus: TEventBus = createMemoryBus();
  await bus.ensureStreams();
  // The account service's answer on the paywall: a fresh trial unless `access` says otherwise.
  let accountReplies: { stop(): Promise<void> } | undefined = await answerToolAccess(bus, options.access);
  const databases: TDatabase[] = [];
  const services: TRunningService[] = [];
  return {
    bus,
    /** The account service stops answering (no responders). */
    async stopAccountReplies() {
      await accountReplies?.stop();
      accountReplies = undefined;
    },
    async start(config: TExtractorConfig): Promise<TRunningService> {
      const database = createDatabase({ url: testDatabase.url, schemaName: 'extractor', max: 2 });
      databases.push(database);
      const service = await startService(createExtractorService(config), {
        database,
        bus,
        logger: createLogger({ test: 'extractor' }, 'silent'),
        identity: testIdentity,
      });
      services.push(service);
      return service;
    },
    async stop() {
      await accountReplies?.stop();
      for (const service of services) await service.stop();
      await bus.drain();
      for (const database of databases) await database.close();
      await testDatabase.drop();
    },
  };
}

/** A JSON request as the signed-in `userId` (none: signed out). */
export function jsonRequest(method: 'GET' | 'POST', body?: unknown, userId?: string): RequestInit {
  return {
    method,
    headers: { 'content-type': 'application/json', ...(userId ? { 'x-test-user': userId } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}
