import { createServiceSchema } from '@prospector/db';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Everything the account service stores lives in its own schema (docs/architecture.md §3), with its outbox
 * and its audit trail (the erasures applied here, as counts: §15).
 */
export const { schema: accountSchema, outbox, auditTrail } = createServiceSchema('account');

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ── better-auth's tables (camelCase fields over snake_case columns) ─────────────────────────────

/** better-auth's user, plus the sign-up metadata of docs/product.md §3 as additional fields. */
export const user = accountSchema.table('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  accountType: text('account_type'),
  companyName: text('company_name'),
  vatNumber: text('vat_number'),
  country: text('country'),
});

export const session = accountSchema.table(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The workspace the session acts for (better-auth's organization plugin); see `organization`. */
    activeOrganizationId: text('active_organization_id'),
  },
  (table) => [index('session_user_id_idx').on(table.userId)],
);

export const account = accountSchema.table(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
);

export const verification = accountSchema.table(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
);

/** Rate-limit counters in the database, so every account instance shares one limit per address. */
export const rateLimit = accountSchema.table('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

// ── Prospector's own account data ─────────────────────────────────────────────────────────────────

/**
 * The profile of docs/product.md §3. Credits are billing's and are not stored here; subscription status, plan,
 * end date and cancel flag default here and are written only by the billing-event projection.
 */
export const profiles = accountSchema.table('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  fullName: text('full_name'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  avatarUrl: text('avatar_url'),
  companyName: text('company_name'),
  vatNumber: text('vat_number'),
  country: text('country'),
  accountType: text('account_type'),
  subscriptionStatus: text('subscription_status').notNull().default('trial'),
  subscriptionPlan: text('subscription_plan').notNull().default('none'),
  selectedPlan: text('selected_plan'),
  subscriptionEndDate: timestamp('subscription_end_date', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** When billing recorded the subscription state projected here; older events are ignored. */
  subscriptionUpdatedAt: timestamp('subscription_updated_at', { withTimezone: true }),
  trialStartedAt: timestamp('trial_started_at', { withTimezone: true }).notNull(),
  onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The onboarding wizard's answers (docs/product.md §3); one row per user, replaced if answered again. */
export const userSegmentation = accountSchema.table('user_segmentation', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: 'cascade' }),
  businessType: text('business_type').notNull(),
  companySize: text('company_size').notNull(),
  howFoundUs: text('how_found_us').notNull(),
  industry: text('industry').notNull(),
  marketingGoals: text('marketing_goals').array().notNull(),
  monthlyBudgetRange: text('monthly_budget_range').notNull(),
  currentTools: text('current_tools').array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
});

/** Messages kept by the dev mailbox when no SMTP server is configured (docs/architecture.md §9). */
export const devMailbox = accountSchema.table('dev_mailbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  from: text('from').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: createdAt(),
});

/** Secrets an instance generates for itself in embedded/dev mode, so sessions survive restarts. */
export const instanceSecrets = accountSchema.table('instance_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * API keys for the public API (docs/architecture.md §12): only the SHA-256 of the secret is kept (the
 * secret is 32 random bytes, so no slow hash is needed to resist guessing). Revoking deletes the row, and
 * every check reads it, so a revoked key fails at once in every process.
 */
export const apiKeys = accountSchema.table(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The workspace the key acts for (docs/architecture.md §17). */
    ownerKey: text('owner_key')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** The member who created it: the key acts with their current role, and only while they are a member. */
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    start: text('start').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    index('api_keys_owner_idx').on(table.ownerKey, table.createdAt),
    index('api_keys_user_idx').on(table.userId),
  ],
);

/**
 * Public API requests per account and clock hour, whichever of the account's keys sent them (the plan's
 * limit is the account's, not each key's): counted in one upsert so every process shares the count. A
 * revoked key's requests still count.
 */
export const apiRequestUsage = accountSchema.table(
  'api_request_usage',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.windowStart] })],
);

// ── Workspaces (better-auth's organization plugin; docs/architecture.md "Workspaces") ───────────

/**
 * A workspace. Every user has a personal one whose id is the user's id (migration 0007 and the
 * sign-up hook), so rows other services key by `user_id` already name their workspace.
 */
export const organization = accountSchema.table('organization', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  logo: text('logo'),
  metadata: text('metadata'),
  createdAt: createdAt(),
});

/** Who belongs to a workspace, as `owner`, `admin` or `member`; one row per user and workspace. */
export const member = accountSchema.table(
  'member',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('member'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('member_organization_user_idx').on(table.organizationId, table.userId),
    index('member_user_idx').on(table.userId),
  ],
);

/** An invitation by e-mail; its id is the link's secret. `pending`, `accepted`, `rejected` or `canceled`. */
export const invitation = accountSchema.table(
  'invitation',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role'),
    status: text('status').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    inviterId: text('inviter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (table) => [
    index('invitation_organization_idx').on(table.organizationId, table.status),
    index('invitation_email_idx').on(table.email),
  ],
);

export const authTables = {
  user,
  session,
  account,
  verification,
  rateLimit,
  organization,
  member,
  invitation,
};

// ── Outgoing webhooks (docs/architecture.md §16) ─────────────────────────────────────────────────

/** A workspace's webhook endpoint and its signing secret (`whsec_…`, Standard Webhooks); one per workspace. */
export const webhookEndpoints = accountSchema.table('webhook_endpoints', {
  /** The workspace whose events it receives: one endpoint per workspace (docs/architecture.md §17). */
  ownerKey: text('owner_key')
    .primaryKey()
    .references(() => organization.id, { onDelete: 'cascade' }),
  /** The member who set it up; null once they erased their account (the endpoint stays the workspace's). */
  userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
  url: text('url').notNull(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One webhook message and its attempts: written when the source event is consumed (once per event and
 * user), sent by whichever process claims it first (`claim_id`, `locked_until`), retried with backoff
 * until `window_started_at` plus a day. Its id is the `webhook-id` header, the same on every attempt.
 */
export const webhookDeliveries = accountSchema.table(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The workspace whose endpoint it goes to (the event's `eventOwnerKey`). */
    ownerKey: text('owner_key')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** The member whose action produced it (the event's userId), if any; null once they erased their account. */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    eventType: text('event_type').notNull(),
    /** The bus event it came from: a redelivered event adds no second message. */
    sourceEventId: uuid('source_event_id').notNull(),
    /** The body sent: `{ type, timestamp, data }`. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** The attempt under way: its claim, and when another process may take the message over. */
    claimId: uuid('claim_id'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Retries stop a day after this (creation, or the last "Resend"). */
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_source_idx').on(table.sourceEventId, table.ownerKey, table.eventType),
    index('webhook_deliveries_owner_idx').on(table.ownerKey, table.createdAt),
    index('webhook_deliveries_user_idx').on(table.userId),
    // The sender's claim (delivery-worker.ts): the endpoints with messages waiting, each one's due
    // messages oldest first, and its leases (few: attempts under way, or a dead process's) to count them.
    index('webhook_deliveries_pending_idx')
      .on(table.ownerKey, table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('webhook_deliveries_leased_idx')
      .on(table.ownerKey)
      .where(sql`${table.status} = 'pending' and ${table.lockedUntil} is not null`),
  ],
);
