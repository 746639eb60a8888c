import { exitOnEnvError, loadEnv } from '@prospector/config';
import { DEFAULT_PROMO_ENDS_AT } from '@prospector/contracts';
import {
  edgeSecretEnvShape,
  optOutKeyEnvCheck,
  SERVICE_PORTS,
  standaloneEnvShape,
} from '@prospector/service-kit';
import { z } from 'zod';
import { DEFAULT_CONSENT_RATE_LIMIT, DEFAULT_OPT_OUT_CONFIG, type TMarketingConfig } from './config.ts';

/** Read by the marketing service and, in embedded mode, by the all-in-one server that mounts it. */
export const promoEnvShape = {
  /**
   * When the launch promo ends: an ISO-8601 date-time with a zone (`Z` or `±hh:mm`), so it is one
   * instant for every viewer. Default: the spec's 2025-08-16 23:59:59, in UTC.
   */
  PROMO_ENDS_AT: z.iso
    .datetime({ offset: true, error: 'must be an ISO-8601 date-time with a zone, e.g. 2025-08-16T23:59:59Z' })
    .default(DEFAULT_PROMO_ENDS_AT),
};

export const marketingConfigFromEnv = (env: {
  PROMO_ENDS_AT: string;
  EDGE_SECRET?: string;
}): TMarketingConfig => ({
  promoEndsAt: new Date(env.PROMO_ENDS_AT),
  consentRateLimit: DEFAULT_CONSENT_RATE_LIMIT,
  edgeSecret: env.EDGE_SECRET,
  optOut: DEFAULT_OPT_OUT_CONFIG,
});

/** The marketing service's own process (distributed mode). */
export const marketingEnvShape = {
  ...standaloneEnvShape(SERVICE_PORTS.marketing),
  ...promoEnvShape,
  /** Believe the client address the edge stamps when signed with this secret. */
  ...edgeSecretEnvShape,
};

export const loadMarketingEnv = () =>
  exitOnEnvError(() => {
    const env = loadEnv('marketing service', marketingEnvShape, process.env, [optOutKeyEnvCheck]);
    return { ...env, marketing: marketingConfigFromEnv(env) };
  });
