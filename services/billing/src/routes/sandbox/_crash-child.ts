import { createMemoryBus } from '@prospector/bus';
import { createDatabase } from '@prospector/db';
import { createLogger, listen, startService } from '@prospector/service-kit';
import { headerIdentity } from '../../_factories.ts';
import { loadBillingEnv } from '../../env.ts';
import { createBillingService, DEFAULT_BILLING_CONFIG } from '../../service.ts';

// The billing service with sandbox payments in a process of its own, on the PostgreSQL of
// DATABASE_URL, trusting the tests' user header; sandbox-crash.test.ts kills it with SIGKILL in the
// middle of Pay and starts it again. Prints `listening <port>` once it answers.
const env = loadBillingEnv();
const database = createDatabase({ url: env.DATABASE_URL, schemaName: 'billing', max: 4 });
const bus = createMemoryBus();
await bus.ensureStreams();
const running = await startService(
  createBillingService({ ...DEFAULT_BILLING_CONFIG, subscriptionSweepIntervalMs: 200 }),
  { database, bus, logger: createLogger({ service: 'billing' }, env.LOG_LEVEL), identity: headerIdentity },
);
const server = await listen(running.app, env.PORT, '127.0.0.1');
process.stdout.write(`listening ${server.port}\n`);
