import { envFields, exitOnEnvError, loadEnv, type TEnvCheck } from '@prospector/config';
import {
  edgeSecretEnvCheck,
  edgeSecretEnvShape,
  parseAddressAllowance,
  SERVICE_PORTS,
  standaloneEnvShape,
  trustedOriginsFromEnv,
  ZAddressAllowanceSchema,
} from '@prospector/service-kit';
import { z } from 'zod';
import { DEFAULT_AUTH_RATE_LIMIT, type TAccountConfig } from './config.ts';

/**
 * The account service's settings, read by whichever deployable runs it: its own process (below) or
 * the embedded edge, which spreads this shape into its own env.ts.
 */
export const accountConfigEnvShape = {
  /** Where users reach the app; better-auth's base URL, link target in e-mails, a trusted origin. */
  PUBLIC_URL: envFields.httpUrl.default('http://localhost:3000'),
  /** More origins allowed to call the auth API (comma-separated). */
  TRUSTED_ORIGINS: z.string().optional(),
  /** Signs sessions and tokens; required in production, generated and kept in the database otherwise. */
  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * smtp:// or smtps:// URL. Required in production; elsewhere, without it, mail goes to the dev
   * mailbox at /dev/mailbox (shown to this machine only).
   */
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Prospector <no-reply@prospector.local>'),
  /** Attempts per minute per client address on sign-in, sign-up, reset and resend; default 5. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().optional(),
  /**
   * Development and tests only: non-public addresses or CIDR ranges (`127.0.0.1, ::1`) webhook endpoints
   * may still use, so a local receiver gets them. Refused when NODE_ENV=production.
   */
  WEBHOOK_ALLOW_PRIVATE_HOSTS: ZAddressAllowanceSchema,
};

// Other services find the account service with it; the account service is that service.
const { ACCOUNT_SERVICE_URL: _self, ...standaloneShape } = standaloneEnvShape(SERVICE_PORTS.account);

/** The account service's own process (distributed mode). */
export const accountEnvShape = {
  ...standaloneShape,
  ...accountConfigEnvShape,
  NODE_ENV: envFields.nodeEnv,
  /** Believe the client address the edge stamps when signed with this secret (required in production). */
  ...edgeSecretEnvShape,
};

/**
 * What production cannot run without: a fixed secret, and real mail (without SMTP_URL the reset and
 * verification links would sit in the dev mailbox). Pass to `loadEnv` with a shape that has NODE_ENV.
 */
export const accountEnvChecks: TEnvCheck[] = [
  (env) =>
    env.NODE_ENV === 'production' && !env.BETTER_AUTH_SECRET && !env.AUTH_SECRET
      ? { variable: 'BETTER_AUTH_SECRET', message: 'is required in production (at least 32 characters)' }
      : undefined,
  (env) =>
    env.NODE_ENV === 'production' && !env.SMTP_URL
      ? { variable: 'SMTP_URL', message: 'is required in production (an smtp:// or smtps:// URL)' }
      : undefined,
  (env) =>
    env.NODE_ENV === 'production' && env.WEBHOOK_ALLOW_PRIVATE_HOSTS
      ? { variable: 'WEBHOOK_ALLOW_PRIVATE_HOSTS', message: 'must be unset when NODE_ENV=production' }
      : undefined,
];

type TAccountConfigEnv = z.infer<z.ZodObject<typeof accountConfigEnvShape>>;

/** Turns parsed variables into the service's config. */
export function accountConfigFromEnv(
  env: TAccountConfigEnv & { NODE_ENV?: string; EDGE_SECRET?: string },
): TAccountConfig {
  return {
    publicUrl: env.PUBLIC_URL.replace(/\/$/, ''),
    trustedOrigins: trustedOriginsFromEnv({ TRUSTED_ORIGINS: env.TRUSTED_ORIGINS }),
    secret: env.BETTER_AUTH_SECRET ?? env.AUTH_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    edgeSecret: env.EDGE_SECRET,
    // https only in production; elsewhere http too, for a receiver on this machine.
    webhooks: {
      requireHttps: env.NODE_ENV === 'production',
      allowance: parseAddressAllowance(env.WEBHOOK_ALLOW_PRIVATE_HOSTS),
    },
    authRateLimit: env.AUTH_RATE_LIMIT_MAX
      ? { ...DEFAULT_AUTH_RATE_LIMIT, max: env.AUTH_RATE_LIMIT_MAX }
      : undefined,
  };
}

/** Parses the account service's own environment, listing every bad variable at once. */
export function parseAccountEnv(source: Record<string, string | undefined>) {
  // The edge-secret check is this process's alone: embedded mode has no hop to sign.
  const env = loadEnv('account service', accountEnvShape, source, [...accountEnvChecks, edgeSecretEnvCheck]);
  return { env, config: accountConfigFromEnv(env) };
}

export const loadAccountEnv = () => exitOnEnvError(() => parseAccountEnv(process.env));
