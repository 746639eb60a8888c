import type { TWebhookConfig } from './webhooks/webhook-config.ts';

/** How the account service runs; built from env by env.ts (or by the embedded edge's env.ts). */
export interface TAccountConfig {
  /** Origin users reach the app on, without a trailing slash. */
  publicUrl: string;
  trustedOrigins: string[];
  /** Absent outside production: one is generated on first start and kept in the account schema. */
  secret?: string;
  /** Absent: mail goes to the dev mailbox. */
  smtpUrl?: string;
  mailFrom: string;
  /**
   * EDGE_SECRET: believe the client address the edge stamps (CLIENT_IP_HEADER) when it carries this
   * secret's signature; otherwise, and without one, the socket's address counts.
   */
  edgeSecret?: string;
  /** Sign-in/sign-up/reset/resend/change-password limit per client address. */
  authRateLimit?: { max: number; windowSeconds: number };
  /** better-auth's other routes (verify-email, reset-password, …), per route and client address. */
  otherAuthRateLimit?: { max: number; windowSeconds: number };
  /** Public API requests per account and clock hour; the plans' figure (API_REQUESTS_PER_HOUR) unless a test lowers it. */
  apiRequestsPerHour?: number;
  /** Outgoing webhooks: https in production, the private-address allowance, retry timing (tests). */
  webhooks?: Partial<TWebhookConfig>;
  /** The clock for trial arithmetic; tests move it. */
  now?: () => Date;
}

export const DEFAULT_ACCOUNT_CONFIG: TAccountConfig = {
  publicUrl: 'http://localhost:3000',
  trustedOrigins: [],
  mailFrom: 'Prospector <no-reply@prospector.local>',
};

/** 5 attempts per minute per client address on every credential-bearing auth route. */
export const DEFAULT_AUTH_RATE_LIMIT = { max: 5, windowSeconds: 60 };

/** 100 a minute per route and client address on the other auth routes (get-session is never limited). */
export const DEFAULT_OTHER_AUTH_RATE_LIMIT = { max: 100, windowSeconds: 60 };
