import { AUTH_BASE_PATH, INVITATION_EXPIRES_IN_SECONDS, INVITATION_PATH } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { CLIENT_IP_HEADER, type TLogger } from '@prospector/service-kit';
import { type BetterAuthOptions, betterAuth, type User } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { customSession, organization } from 'better-auth/plugins';
import { DEFAULT_AUTH_RATE_LIMIT, DEFAULT_OTHER_AUTH_RATE_LIMIT, type TAccountConfig } from '../config.ts';
import { authTables } from '../db/schema.ts';
import type { TMailer } from '../mail/mailer.ts';
import {
  existingAccountMail,
  invitationMail,
  passwordResetMail,
  verificationMail,
  welcomeMail,
} from '../mail/templates.ts';
import { resolveSessionWorkspace } from '../workspaces/personal-workspace.ts';
import { publishSessionsEnded } from './sessions-ended.ts';

export const SIGN_UP_CALLBACK_PATH = '/auth/callback';
export const RESET_PASSWORD_PATH = '/reset-password';

/** The routes that carry credentials or send mail; each gets the strict per-address limit. */
export const RATE_LIMITED_AUTH_PATHS = [
  '/sign-in/email',
  '/sign-up/email',
  '/request-password-reset',
  '/reset-password',
  '/send-verification-email',
  '/change-password',
] as const;

export interface TCreateAuthOptions {
  config: TAccountConfig;
  secret: string;
  database: TDatabase;
  mailer: TMailer;
  logger: TLogger;
  /**
   * The account exists from here: its profile and the trial (`accounts.created`, which billing turns
   * into the trial credits once per user). A failure is only logged; the trial sweeper retries it.
   */
  onEmailVerified: (userId: string) => Promise<unknown>;
  /** Members a workspace may have, members and pending invitations together (its plan's seats). */
  seatsOf: (workspaceId: string) => Promise<number>;
}

const optionalText = { type: 'string', required: false } as const;

/** Password sign-up, sign-in and reset; a reset ends every session and leaves its user in `resetUsers`. */
function passwordOptions(
  { config, database, mailer }: TCreateAuthOptions,
  resetUsers: WeakMap<Request, User>,
): BetterAuthOptions['emailAndPassword'] {
  return {
    enabled: true,
    requireEmailVerification: true,
    // The reset page's minimum (docs/product.md §5); sign-up and change-password get the strong rules in
    // routes/auth before better-auth sees the request.
    minPasswordLength: 6,
    maxPasswordLength: 128,
    revokeSessionsOnPasswordReset: true,
    sendResetPassword: ({ user, token }) => {
      const url = `${config.publicUrl}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
      return mailer.send(passwordResetMail(user.email, url));
    },
    onPasswordReset: async ({ user }, request) => {
      await publishSessionsEnded(database, user.id, 'password-reset');
      if (request) resetUsers.set(request, user);
    },
    // No account enumeration: a duplicate sign-up answers like a new one and the owner is told.
    onExistingUserSignUp: ({ user }) =>
      mailer.send(existingAccountMail(user.email, `${config.publicUrl}/auth`)),
  };
}

/** The verification mail, then the account's start and the welcome mail: their failures are only logged. */
function verificationOptions(options: TCreateAuthOptions): BetterAuthOptions['emailVerification'] {
  const { mailer, logger, onEmailVerified } = options;
  return {
    sendOnSignUp: true,
    autoSignInAfterVerification: true,
    sendVerificationEmail: ({ user, url }) => mailer.send(verificationMail(user.email, url)),
    afterEmailVerification: async (user) => {
      await onEmailVerified(user.id).catch((error: unknown) =>
        logger.error('trial not started at verification; the trial sweeper will', { userId: user.id, error }),
      );
      await mailer
        .send(welcomeMail(user.email, user.name))
        .catch((error: unknown) => logger.warn('welcome e-mail failed', { userId: user.id, error }));
    },
  };
}

/**
 * A reset signs the user in afresh (docs/product.md §2). better-auth names the user only inside
 * onPasswordReset; this after hook, which can set cookies, finds it by the request it belongs to.
 */
function signInAfterReset(resetUsers: WeakMap<Request, User>) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== '/reset-password' || !ctx.request) return;
    const user = resetUsers.get(ctx.request);
    if (!user) return;
    resetUsers.delete(ctx.request);
    const session = await ctx.context.internalAdapter.createSession(user.id);
    await setSessionCookie(ctx, { session, user });
  });
}

/** The strict per-address limit on the credential and mail routes, a looser one on the rest. */
function rateLimitOptions(config: TAccountConfig): BetterAuthOptions['rateLimit'] {
  const limit = config.authRateLimit ?? DEFAULT_AUTH_RATE_LIMIT;
  const otherLimit = config.otherAuthRateLimit ?? DEFAULT_OTHER_AUTH_RATE_LIMIT;
  const strictRule = { window: limit.windowSeconds, max: limit.max };
  return {
    enabled: true,
    storage: 'database',
    window: otherLimit.windowSeconds,
    max: otherLimit.max,
    customRules: {
      ...Object.fromEntries(RATE_LIMITED_AUTH_PATHS.map((path) => [path, strictRule])),
      // Services ask on every request (auth-client); a session token cannot be guessed.
      '/get-session': false,
    },
  };
}

/**
 * Workspaces are better-auth's organizations (docs/architecture.md "Workspaces"): members, invitations
 * and the session's active workspace. Its own routes stay unexposed (routes/auth serves only
 * AUTH_ENDPOINTS); the account service's team routes call them server-side behind the product's checks.
 * Only the personal workspace exists per user for now, so nobody creates organizations.
 */
function workspacePlugin({ config, mailer, seatsOf }: TCreateAuthOptions) {
  return organization({
    allowUserToCreateOrganization: false,
    creatorRole: 'owner',
    invitationExpiresIn: INVITATION_EXPIRES_IN_SECONDS,
    // Sending again replaces the pending invitation: a new link, the old one canceled.
    cancelPendingInvitationsOnReInvite: true,
    requireEmailVerificationOnInvitation: true,
    membershipLimit: async (_user, workspace) => seatsOf(workspace.id),
    sendInvitationEmail: async ({ email, id, inviter, organization: workspace }) => {
      const url = `${config.publicUrl}${INVITATION_PATH}/${encodeURIComponent(id)}`;
      await mailer.send(invitationMail(email, inviter.user.name, workspace.name, url));
    },
  });
}

/**
 * get-session answers the session's workspace and role too, so every service's verifier
 * (packages/auth-client) has them without asking again; see resolveSessionWorkspace.
 */
function sessionWorkspacePlugin(database: TDatabase) {
  return customSession(async ({ user, session }) => {
    const activeOrganizationId = (session as { activeOrganizationId?: string | null }).activeOrganizationId;
    const workspace = await resolveSessionWorkspace(database.db, user.id, activeOrganizationId);
    return { user, session, workspace };
  });
}

export function createAuth(options: TCreateAuthOptions) {
  const { config, secret, database, logger } = options;
  const resetUsers = new WeakMap<Request, User>();
  return betterAuth({
    appName: 'Prospector',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: [config.publicUrl, ...config.trustedOrigins],
    database: drizzleAdapter(database.db, { provider: 'pg', schema: authTables, transaction: true }),
    telemetry: { enabled: false },
    // An unexpected error (a database failure) goes to the service's error handler, which answers the
    // JSON error body and logs it without the values it was given. Left to better-auth, it answers a
    // bare 500 and prints the error with its SQL parameters (personal data) to stderr.
    onAPIError: { throw: true },
    logger: {
      log: (level, message, ...args) => {
        const fields = args.length ? { details: args } : undefined;
        logger[level === 'error' || level === 'warn' ? level : 'debug'](message, fields);
      },
    },
    user: {
      additionalFields: {
        firstName: optionalText,
        lastName: optionalText,
        accountType: optionalText,
        companyName: optionalText,
        vatNumber: optionalText,
        country: optionalText,
      },
    },
    emailAndPassword: passwordOptions(options, resetUsers),
    emailVerification: verificationOptions(options),
    hooks: { after: signInAfterReset(resetUsers) },
    plugins: [workspacePlugin(options), sessionWorkspacePlugin(database)],
    databaseHooks: {
      // Each new session acts for the user's personal workspace (docs/architecture.md §17). The
      // workspace itself is made when the e-mail is verified (runtime.ts), not in user.create: that hook
      // runs inside better-auth's sign-up transaction, which another connection cannot see.
      session: {
        create: {
          before: async (created) => ({
            data: { ...created, activeOrganizationId: created.userId },
          }),
        },
      },
    },
    rateLimit: rateLimitOptions(config),
    advanced: {
      // better-auth skips its Origin/CSRF check when NODE_ENV=test unless told; keep it on everywhere.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith('https://'),
      cookiePrefix: 'prospector',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
  });
}

export type TAuth = ReturnType<typeof createAuth>;
