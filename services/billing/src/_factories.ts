import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { personalSessionOf, type TSessionVerifier } from '@prospector/auth-client';
import {
  BILLING_ENDPOINTS,
  PLANS,
  type TCaptured,
  type TCaptureResponse,
  type THeld,
  type THoldResponse,
  type TPaidPlanId,
} from '@prospector/contracts';
import { createDatabase, runMigrations, type TDatabase } from '@prospector/db';
import { createTestDatabase, type TTestDatabase } from '@prospector/db/testing';
import { asc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import Stripe from 'stripe';
import { creditTransactions, outbox } from './db/schema.ts';
import { createCreditLedger, type TCreditLedger } from './ledger/credit-ledger.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));

export interface TLedgerFixture {
  /** The fresh database's URL, for a process of its own (crash tests). */
  url: string;
  database: TDatabase;
  ledger: TCreditLedger;
  close(): Promise<void>;
}

/** A fresh database with the billing schema migrated, and a ledger on it. */
export async function createLedgerFixture(poolSize = 20): Promise<TLedgerFixture> {
  const testDatabase: TTestDatabase = await createTestDatabase({
    migrated: [{ schemaName: 'billing', migrationsFolder: MIGRATIONS_FOLDER }],
  });
  const database = createDatabase({ url: testDatabase.url, schemaName: 'billing', max: poolSize });
  await runMigrations(database, { migrationsFolder: MIGRATIONS_FOLDER, schemaName: 'billing' });
  return {
    url: testDatabase.url,
    database,
    ledger: createCreditLedger(database.db),
    async close() {
      await database.close();
      await testDatabase.drop();
    },
  };
}

/**
 * A grant of 5 credits to `userId` in a transaction its caller then abandons, rejecting with
 * 'the caller gave up': the ledger must keep no trace of it, nor any event.
 */
export const grantRolledBack = (database: TDatabase, userId: string, reference: string) =>
  database.db.transaction(async (tx) => {
    await createCreditLedger(tx).grant({
      userId,
      amount: 5,
      reason: 'plan_grant',
      idempotencyKey: `rolled-back:${userId}`,
      reference,
    });
    throw new Error('the caller gave up');
  });

/**
 * A verifier that trusts test headers, standing in for the account service's session check: the user,
 * and the workspace and role the session acts for (the user's personal workspace, as owner, without them).
 */
export const headerIdentity: TSessionVerifier = {
  verify: async (headers) => {
    const userId = headers.get('x-test-user');
    if (!userId) return null;
    const personal = personalSessionOf(userId, `${userId}@example.com`);
    const workspaceId = headers.get('x-test-workspace');
    const role = headers.get('x-test-role');
    return workspaceId
      ? { ...personal, workspaceId, role: role === 'owner' || role === 'admin' ? role : 'member' }
      : personal;
  },
};

/** A member of a workspace, as a session acting for it. */
export interface TTestMember {
  userId: string;
  workspaceId: string;
  role: 'owner' | 'admin' | 'member';
}

export const signedInAs = (user: string | TTestMember): { headers: Record<string, string> } => ({
  headers:
    typeof user === 'string'
      ? { 'x-test-user': user }
      : { 'x-test-user': user.userId, 'x-test-workspace': user.workspaceId, 'x-test-role': user.role },
});

/** A workspace owned by a new user (its id is theirs, as a personal workspace's), with an admin and a member. */
export function newWorkspace(label = 'ws') {
  const owner = newUserId(`${label}-owner`);
  const member = (role: TTestMember['role'], name: string): TTestMember => ({
    userId: role === 'owner' && name === 'owner' ? owner : newUserId(`${label}-${name}`),
    workspaceId: owner,
    role,
  });
  return {
    id: owner,
    owner: member('owner', 'owner'),
    admin: member('admin', 'admin'),
    member: member('member', 'member'),
    another: member('member', 'another'),
  };
}

/** A user's ledger rows in the order their balance changed. */
export function ledgerRowsOf(database: TDatabase, userId: string) {
  return database.db
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId))
    .orderBy(asc(creditTransactions.seq));
}

/** Every outbox event, oldest first, as `{ type, userId, data }`. */
export async function outboxEvents(database: TDatabase) {
  const rows = await database.db.select().from(outbox).orderBy(asc(outbox.seq));
  return rows.map((row) => ({ type: row.type, userId: row.payload.userId, data: row.payload.data }));
}

/** Each row's balance_after is the previous one's plus its amount, starting from zero. */
export function brokenChainLinks(rows: Array<{ amount: number; balanceAfter: number }>): number[] {
  const broken: number[] = [];
  let running = 0;
  rows.forEach((row, index) => {
    running += row.amount;
    if (row.balanceAfter !== running) broken.push(index);
  });
  return broken;
}

/** A user id no other test uses. */
export const newUserId = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}`;

/** A Stripe webhook event around `object`, as Stripe sends it. */
export const stripeEvent = (type: string, object: object, id = `evt_${randomUUID()}`) => ({
  id,
  object: 'event',
  type,
  api_version: '2026-10-28.endive',
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  data: { object },
});

/** An active Stripe subscription of a user's plan, with the fields billing reads. */
export const stripeSubscription = (
  {
    userId,
    id,
    plan = 'package_2',
    periodEnd,
  }: { userId: string; id: string; plan?: TPaidPlanId; periodEnd: number },
  overrides: Record<string, unknown> = {},
) => ({
  id,
  object: 'subscription',
  customer: `cus_${userId}`,
  status: 'active',
  cancel_at_period_end: false,
  metadata: { userId, plan },
  items: {
    object: 'list',
    data: [{ id: `si_${id}`, current_period_end: periodEnd, price: { unit_amount: PLANS[plan].priceCents } }],
  },
  ...overrides,
});

/** A paid invoice of a user's subscription. */
export const stripeInvoice = ({
  userId,
  id,
  subscriptionId,
  plan = 'package_2',
}: {
  userId: string;
  id: string;
  subscriptionId: string;
  plan?: TPaidPlanId;
}) => ({
  id,
  object: 'invoice',
  customer: `cus_${userId}`,
  status: 'paid',
  // 2026-11-23T12:00:00Z
  created: 1_795_435_200,
  parent: {
    type: 'subscription_details',
    subscription_details: { subscription: subscriptionId, metadata: { userId, plan } },
  },
});

const signer = new Stripe('sk_test_signer');

/** Posts `body` to the Stripe webhook route, signed with `secret` as Stripe signs it. */
export function deliverStripeWebhook(app: Hono, secret: string, body: unknown) {
  const payload = JSON.stringify(body);
  return app.request(BILLING_ENDPOINTS.stripeWebhook.path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
    },
    body: payload,
  });
}

/** The hold a hold answer made; a refusal fails the test, saying what it was. */
export async function expectHeld(answer: Promise<THoldResponse>): Promise<THeld> {
  const result = await answer;
  if ('refused' in result) throw new Error(`The hold was refused: ${JSON.stringify(result)}`);
  return result;
}

/** The charge a capture answer made (or named); a refusal fails the test, saying what it was. */
export async function expectCaptured(answer: Promise<TCaptureResponse>): Promise<TCaptured> {
  const result = await answer;
  if ('refused' in result) throw new Error(`The capture was refused: ${JSON.stringify(result)}`);
  return result;
}
