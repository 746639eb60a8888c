import type { TProviderName } from '@prospector/contracts';
import type { TEmailCheckEnv } from '../env.ts';
import { createEmailChecker, type TEmailChecker } from './email-checker.ts';
import { createResolverMailDns } from './mail-dns.ts';
import { sandboxMailDns } from './sandbox-mail-dns.ts';
import { createSmtpProbe } from './smtp-probe.ts';

/** Whether the checks run on the sandbox's simulated DNS (no network) rather than real DNS. */
export const usesSandboxEmailCheck = (env: TEmailCheckEnv, provider: TProviderName): boolean =>
  env.EMAIL_CHECK_MODE === 'sandbox' || (env.EMAIL_CHECK_MODE === 'auto' && provider === 'sandbox');

/** The checker the env describes: one per service instance, so its DNS cache is shared by every run. */
export function createConfiguredEmailChecker(env: TEmailCheckEnv, provider: TProviderName): TEmailChecker {
  const sandbox = usesSandboxEmailCheck(env, provider);
  return createEmailChecker({
    dns: sandbox
      ? sandboxMailDns
      : createResolverMailDns({
          servers: env.EMAIL_DNS_SERVERS,
          timeoutMs: env.EMAIL_DNS_TIMEOUT_MS,
          tries: env.EMAIL_DNS_TRIES,
        }),
    probe:
      !sandbox && env.EMAIL_SMTP_PROBE === 'on'
        ? createSmtpProbe({
            port: env.EMAIL_SMTP_PROBE_PORT,
            helo: env.EMAIL_SMTP_PROBE_HELO,
            from: env.EMAIL_SMTP_PROBE_FROM,
            timeoutMs: env.EMAIL_SMTP_PROBE_TIMEOUT_MS,
          })
        : null,
    cacheTtlMs: env.EMAIL_DNS_CACHE_TTL_MS,
    cacheSize: env.EMAIL_DNS_CACHE_SIZE,
  });
}

/** The sandbox's checker on its own (tests and benches that build run dependencies by hand). */
export const createSandboxEmailChecker = (): TEmailChecker =>
  createEmailChecker({ dns: sandboxMailDns, probe: null, cacheTtlMs: 3_600_000, cacheSize: 1000 });
