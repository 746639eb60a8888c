import type { TCachedSessionVerifier } from '@prospector/auth-client';
import {
  ACCOUNT_ENDPOINTS,
  AUTH_BASE_PATH,
  AUTH_ENDPOINTS,
  DEV_MAILBOX_ENDPOINTS,
  serviceApiPrefix,
  TEAM_ENDPOINTS,
} from '@prospector/contracts';
import { migrationsFolderOf, type TServiceDefinition, type TServiceDeps } from '@prospector/service-kit';
import { Hono } from 'hono';
import { DEFAULT_ACCOUNT_CONFIG, type TAccountConfig } from './config.ts';
import { consumeAccountErasures } from './consumers/account-erased.ts';
import { consumeSubscriptionUpdates } from './consumers/subscription-updated.ts';
import { outbox } from './db/schema.ts';
import { createApiKeysRoutes } from './routes/api-keys/api-keys.index.ts';
import { createAuthRoutes } from './routes/auth/auth.index.ts';
import { createDevMailboxRoutes } from './routes/dev-mailbox/dev-mailbox.index.ts';
import { createEventsRoutes } from './routes/events/events.index.ts';
import { createProfileRoutes } from './routes/profile/profile.index.ts';
import { createTeamRoutes } from './routes/team/team.index.ts';
import { createWebhooksRoutes } from './routes/webhooks/webhooks.index.ts';
import { answerApiKeyChecks } from './rpc/api-key-replies.ts';
import { answerDataAccessRequests, mailOptOutConfirmations } from './rpc/data-access-replies.ts';
import { answerMembershipRequests } from './rpc/membership-replies.ts';
import { answerToolAccessRequests } from './rpc/tool-access-replies.ts';
import { createAccountRuntime, type TAccountRuntime } from './runtime.ts';
import { consumeWebhookSources } from './webhooks/webhook-events.ts';

export interface TAccountServiceDefinition extends TServiceDefinition {
  /**
   * The started service's session cache (`runtime.sessionVerifier`), which its sign-out, password and
   * erasure handlers clear before they answer: embedded mode verifies every service's sessions with it,
   * so a session ends everywhere in the process at once, not when the event comes round.
   */
  sessionVerifierOf(deps: TServiceDeps): TCachedSessionVerifier | undefined;
}

/**
 * The account service: better-auth, profiles, onboarding, the dev mailbox, the live stream and outgoing
 * webhooks.
 * `start` builds the runtime (it needs the database for the instance secret); `routes` reads it.
 */
export function createAccountService(
  config: TAccountConfig = DEFAULT_ACCOUNT_CONFIG,
): TAccountServiceDefinition {
  const runtimes = new WeakMap<TServiceDeps, TAccountRuntime>();
  return {
    sessionVerifierOf: (deps) => runtimes.get(deps)?.sessionVerifier,
    name: 'account',
    api: {
      description:
        'Identity (better-auth under /api/auth), the profile and onboarding, the live stream, outgoing webhooks and the dev mailbox.',
      endpoints: [
        ...Object.values(AUTH_ENDPOINTS),
        ...Object.values(ACCOUNT_ENDPOINTS),
        ...Object.values(TEAM_ENDPOINTS),
        ...Object.values(DEV_MAILBOX_ENDPOINTS),
      ],
    },
    pathPrefixes: [AUTH_BASE_PATH, serviceApiPrefix('account'), '/dev'],
    // Every body it takes is a small form (sign-up, profile, onboarding, passwords): a few hundred bytes.
    bodyLimitBytes: 16 * 1024,
    migrationsFolder: migrationsFolderOf(import.meta.url),
    outbox,
    async start(deps) {
      const runtime = await createAccountRuntime(config, deps);
      runtimes.set(deps, runtime);
      return [
        { stop: () => runtime.live.stop() },
        { stop: () => runtime.sessionVerifier.stop() },
        { stop: async () => runtime.mailer.close() },
        await consumeSubscriptionUpdates(runtime.profiles, deps.bus),
        await consumeAccountErasures(deps.database, deps.bus),
        runtime.profiles.startTrialSweeper(deps.logger),
        await answerToolAccessRequests(runtime.profiles, deps.bus),
        await answerMembershipRequests(deps.database.db, deps.bus),
        await answerDataAccessRequests(runtime.mailer, deps.bus, config.publicUrl),
        await mailOptOutConfirmations(runtime.mailer, deps.bus, config.publicUrl),
        await answerApiKeyChecks(runtime.apiKeys, deps.bus),
        runtime.webhooks.worker,
        ...(await consumeWebhookSources(deps.database, deps.bus, runtime.webhooks.worker.kick)),
      ];
    },
    routes(deps) {
      const runtime = runtimes.get(deps);
      if (!runtime) throw new Error('The account service must be started before its routes are built');
      return new Hono()
        .route('/', createAuthRoutes(runtime))
        .route('/', createProfileRoutes(runtime))
        .route('/', createEventsRoutes(runtime))
        .route('/', createApiKeysRoutes(runtime))
        .route('/', createWebhooksRoutes(runtime))
        .route('/', createTeamRoutes(runtime))
        .route('/', createDevMailboxRoutes(runtime));
    },
  };
}

/** With defaults: http://localhost:3000, dev mailbox, generated secret. */
export const accountService = createAccountService();
