import { createCachedSessionVerifier, SessionVerifierUnavailableError } from '@prospector/auth-client';
import type { TServiceDeps } from '@prospector/service-kit';
import { createApiKeyStore } from './api-keys/api-key-store.ts';
import { createAuth } from './auth/create-auth.ts';
import { loadOrCreateAuthSecret } from './auth/instance-secret.ts';
import type { TAccountConfig } from './config.ts';
import { createLiveHub } from './live/live-hub.ts';
import { createMailer } from './mail/mailer.ts';
import { createProfileStore } from './profiles/profile-store.ts';
import { startWebhookWorker } from './webhooks/delivery-worker.ts';
import { DEFAULT_WEBHOOK_CONFIG } from './webhooks/webhook-config.ts';
import { ensurePersonalWorkspace } from './workspaces/personal-workspace.ts';
import { seatsOfWorkspace } from './workspaces/team-store.ts';

/** Everything the account service's routes share, built once at start. */
export async function createAccountRuntime(config: TAccountConfig, deps: TServiceDeps) {
  const secret = config.secret ?? (await loadOrCreateAuthSecret(deps.database));
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, database: deps.database });
  const profiles = createProfileStore(deps.database, config.now);
  const auth = createAuth({
    config,
    secret,
    database: deps.database,
    mailer,
    logger: deps.logger,
    // The account starts here: the personal workspace (docs/architecture.md §17), then the profile and trial.
    onEmailVerified: async (userId) => {
      await ensurePersonalWorkspace(deps.database.db, userId);
      return profiles.getOrCreate(userId);
    },
    seatsOf: (workspaceId) => seatsOfWorkspace(deps.database.db, workspaceId),
  });
  const live = await createLiveHub(deps.bus);
  const webhookConfig = { ...DEFAULT_WEBHOOK_CONFIG, ...config.webhooks };
  const webhookWorker = startWebhookWorker({ ...deps, config: webhookConfig });
  return {
    ...deps,
    config,
    auth,
    mailer,
    profiles,
    live,
    /** The public API's keys (Settings → API) and their per-request check. */
    apiKeys: createApiKeyStore(deps.database, {
      requestsPerHour: config.apiRequestsPerHour,
      now: config.now,
    }),
    /** Outgoing webhooks: their settings and this process's sender. */
    webhooks: { config: webhookConfig, worker: webhookWorker },
    /**
     * better-auth's answer, cached like every other service's (see packages/auth-client): dropped on
     * `accounts.sessions-ended` / `accounts.erased`, and at once by this service's own sign-out,
     * password change and erasure handlers (`forgetUser`).
     */
    sessionVerifier: await createCachedSessionVerifier({
      source: {
        async verify(headers) {
          const found = await auth.api.getSession({ headers });
          if (!found) return null;
          if (!found.workspace) throw new SessionVerifierUnavailableError('the session names no workspace');
          return {
            userId: found.user.id,
            email: found.user.email,
            ...(found.user.name?.trim() ? { name: found.user.name.trim() } : {}),
            workspaceId: found.workspace.id,
            role: found.workspace.role,
          };
        },
      },
      events: deps.bus,
    }),
  };
}
export type TAccountRuntime = Awaited<ReturnType<typeof createAccountRuntime>>;
