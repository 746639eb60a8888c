/**
 * For other services' tests that run the extractor beside them: a real local DNS server and an e-mail
 * checker pointed at it (services/database's re-check tests). Test code only: it needs dev dependencies.
 */

/** The data provider stood in for (services/database's re-check tests): answers by the username's form. */
export { createFakeProvider, type TFakeProvider } from './_fake-provider.ts';
export {
  startFakeDnsServer,
  type TFakeDnsRecords,
  type TFakeDnsServer,
} from './email-check/_fake-dns-server.ts';
export { createEmailChecker, type TEmailChecker } from './email-check/email-checker.ts';
export { createResolverMailDns } from './email-check/mail-dns.ts';
