import { AUTH_BASE_PATH } from '@prospector/contracts';
import type { TDatabase } from '@prospector/db';
import { CLIENT_IP_HEADER, type TLogger } from '@prospector/service-kit';
import { betterAuth, type User } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { DEFAULT_AUTH_RATE_LIMIT, DEFAULT_OTHER_AUTH_RATE_LIMIT, type TAccountConfig } from '../config.ts';
import { authTables } from '../db/schema.ts';
import type { TMailer } from '../mail/mailer.ts';
import { existingAccountMail, passwordResetMail, verificationMail, welcomeMail } from '../mail/templates.ts';
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
}

const optionalText = { type: 'string', required: false } as const;

export function createAuth({
  config,
  secret,
  database,
  mailer,
  logger,
  onEmailVerified,
}: TCreateAuthOptions) {
  const limit = config.authRateLimit ?? DEFAULT_AUTH_RATE_LIMIT;
  const strictRule = { window: limit.windowSeconds, max: limit.max };
  const otherLimit = config.otherAuthRateLimit ?? DEFAULT_OTHER_AUTH_RATE_LIMIT;
  // A reset ends every session, then signs the user in afresh (docs/product.md §2: the reset page moves on to
  // /dashboard). better-auth names the user only inside onPasswordReset; the after hook, which can set
  // cookies, finds it here by the request it belongs to.
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
        if (level === 'error') logger.error(message, fields);
        else if (level === 'warn') logger.warn(message, fields);
        else logger.debug(message, fields);
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
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      // The reset page's minimum (docs/product.md §5); sign-up and change-password get the strong rules in
      // routes/auth before better-auth sees the request.
      minPasswordLength: 6,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const url = `${config.publicUrl}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
        await mailer.send(passwordResetMail(user.email, url));
      },
      onPasswordReset: async ({ user }, request) => {
        await publishSessionsEnded(database, user.id, 'password-reset');
        if (request) resetUsers.set(request, user);
      },
      // No account enumeration: a duplicate sign-up answers like a new one and the owner is told.
      onExistingUserSignUp: async ({ user }) => {
        await mailer.send(existingAccountMail(user.email, `${config.publicUrl}/auth`));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(verificationMail(user.email, url));
      },
      // The spec's send-welcome-email: its failure is only logged.
      afterEmailVerification: async (user) => {
        try {
          await onEmailVerified(user.id);
        } catch (error) {
          logger.error('trial not started at verification; the trial sweeper will', {
            userId: user.id,
            error,
          });
        }
        try {
          await mailer.send(welcomeMail(user.email, user.name));
        } catch (error) {
          logger.warn('welcome e-mail failed', { userId: user.id, error });
        }
      },
    },
    hooks: {
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/reset-password' || !ctx.request) return;
        const user = resetUsers.get(ctx.request);
        if (!user) return;
        resetUsers.delete(ctx.request);
        const session = await ctx.context.internalAdapter.createSession(user.id);
        await setSessionCookie(ctx, { session, user });
      }),
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: otherLimit.windowSeconds,
      max: otherLimit.max,
      customRules: {
        ...Object.fromEntries(RATE_LIMITED_AUTH_PATHS.map((path) => [path, strictRule])),
        // Services ask on every request (auth-client); a session token cannot be guessed.
        '/get-session': false,
      },
    },
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
