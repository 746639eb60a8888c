import { createMemoryBus, type TMemoryBus } from '@prospector/bus';
import { BILLING_ENDPOINTS, type TSubscriptionCheck, ZSubscriptionCheckSchema } from '@prospector/contracts';
import { createLogger, startService, type TRunningService } from '@prospector/service-kit';
import { afterAll, beforeAll } from 'vitest';
import { createLedgerFixture, headerIdentity, signedInAs, type TLedgerFixture } from './_factories.ts';
import { createBillingService, DEFAULT_BILLING_CONFIG, type TBillingConfig } from './service.ts';

/** The running billing service of a test file; `fixture` and `service` are there once `beforeAll` has run. */
export interface TBillingUnderTest {
  bus: TMemoryBus;
  fixture: TLedgerFixture;
  service: TRunningService;
  /** What the subscription route answers `userId`. */
  subscriptionOf(userId: string): Promise<TSubscriptionCheck>;
}

/**
 * Billing on a fresh ledger database and an in-memory bus, signed-in users named by the test header: started
 * before the tests of the calling `describe` and stopped after them. `config` is read at start, so it may use
 * what an earlier `beforeAll` started (a fake Stripe's port).
 */
export function useBillingService(
  test: string,
  config: () => TBillingConfig = () => DEFAULT_BILLING_CONFIG,
): TBillingUnderTest {
  const billing = {
    bus: createMemoryBus(),
    subscriptionOf: async (userId: string) =>
      ZSubscriptionCheckSchema.parse(
        await (
          await billing.service.app.request(BILLING_ENDPOINTS.subscription.path, signedInAs(userId))
        ).json(),
      ),
  } as TBillingUnderTest;
  beforeAll(async () => {
    billing.fixture = await createLedgerFixture(4);
    await billing.bus.ensureStreams();
    billing.service = await startService(createBillingService(config()), {
      database: billing.fixture.database,
      bus: billing.bus,
      logger: createLogger({ test }, 'silent'),
      identity: headerIdentity,
    });
  });
  afterAll(async () => {
    await billing.service.stop();
    await billing.bus.drain();
    await billing.fixture.close();
  });
  return billing;
}
