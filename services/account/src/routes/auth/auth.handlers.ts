import { AUTH_ENDPOINTS, AUTH_ERROR_MESSAGES, hasDisallowedCharacters } from '@prospector/contracts';
import type { TClientIpVariables } from '@prospector/service-kit';
import type { Context } from 'hono';
import type { z } from 'zod';
import { authErrorBody, reshapeAuthError } from '../../auth/auth-errors.ts';
import { SIGN_UP_CALLBACK_PATH } from '../../auth/create-auth.ts';
import { publishSessionsEnded } from '../../auth/sessions-ended.ts';
import { withClientIp } from '../../http/client-ip.ts';
import type { TAccountRuntime } from '../../runtime.ts';

export type TAuthContext = Context<{ Variables: TClientIpVariables }>;

/** Only same-origin paths; anything else falls back to the spec's callback route. */
const safeCallback = (value: string | undefined) =>
  value?.startsWith('/') && !value.startsWith('//') ? value : SIGN_UP_CALLBACK_PATH;

async function readBody<TSchema extends z.ZodType>(c: TAuthContext, schema: TSchema) {
  const json = await c.req.json().catch(() => undefined);
  const parsed = schema.safeParse(json ?? {});
  if (parsed.success) return { ok: true as const, data: parsed.data as z.infer<TSchema> };
  const message = parsed.error.issues[0]?.message ?? 'Invalid request';
  return { ok: false as const, response: c.json(authErrorBody('VALIDATION_FAILED', message), 400) };
}

export function createAuthHandlers(runtime: TAccountRuntime) {
  const { auth, database, logger, sessionVerifier } = runtime;

  const forward = async (c: TAuthContext, body?: unknown) => {
    const request = withClientIp(
      c.req.raw,
      c.get('clientIp'),
      body === undefined ? undefined : JSON.stringify(body),
    );
    if (body !== undefined) request.headers.set('content-type', 'application/json');
    return reshapeAuthError(await auth.handler(request));
  };

  /**
   * A handler that checks the body against `schema`, answering the first problem's message (the
   * spec's text) with a 400, and hands better-auth what `toAuthBody` makes of a valid one.
   */
  const forwardChecked =
    <TSchema extends z.ZodType>(
      schema: TSchema,
      toAuthBody: (data: z.infer<TSchema>) => unknown = (data) => data,
    ) =>
    async (c: TAuthContext) => {
      const body = await readBody(c, schema);
      return body.ok ? forward(c, toAuthBody(body.data)) : body.response;
    };

  const sessionUserId = async (c: TAuthContext) =>
    (await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null))?.user.id;

  /** Publishes after the fact; a lost event only means caches fall back to their TTL. */
  const announceSessionsEnded = async (userId: string, reason: 'signed-out' | 'password-changed') => {
    // This service's own cache first, before the response: the event reaches it only after the relay.
    sessionVerifier.forgetUser(userId);
    await publishSessionsEnded(database, userId, reason).catch((error: unknown) =>
      logger.error('could not record sessions-ended', { userId, reason, error }),
    );
  };

  return {
    forward,

    signUp: forwardChecked(
      AUTH_ENDPOINTS.signUp.body,
      ({ confirmPassword: _confirm, callbackURL, ...fields }) => ({
        ...fields,
        name: `${fields.firstName} ${fields.lastName}`,
        callbackURL: safeCallback(callbackURL),
      }),
    ),
    signIn: forwardChecked(AUTH_ENDPOINTS.signIn.body),
    requestPasswordReset: forwardChecked(AUTH_ENDPOINTS.requestPasswordReset.body),
    sendVerificationEmail: forwardChecked(AUTH_ENDPOINTS.sendVerificationEmail.body, (data) => ({
      ...data,
      callbackURL: safeCallback(data.callbackURL),
    })),

    async changePassword(c: TAuthContext) {
      const body = await readBody(c, AUTH_ENDPOINTS.changePassword.body);
      if (!body.ok) return body.response;
      const userId = await sessionUserId(c);
      const response = await forward(c, {
        currentPassword: body.data.currentPassword,
        newPassword: body.data.newPassword,
        revokeOtherSessions: true,
      });
      if (response.ok && userId) await announceSessionsEnded(userId, 'password-changed');
      return response;
    },

    /**
     * better-auth looks the token (body, else query) up as it is; one holding a character no token
     * has (NUL, which PostgreSQL refuses, among them) is answered as the invalid token it is.
     */
    async resetPassword(c: TAuthContext) {
      const json: unknown = await c.req.json().catch(() => undefined);
      const body = json && typeof json === 'object' && !Array.isArray(json) ? json : {};
      const token = 'token' in body ? body.token : c.req.query('token');
      if (typeof token === 'string' && hasDisallowedCharacters(token)) {
        return c.json(authErrorBody('INVALID_TOKEN', AUTH_ERROR_MESSAGES.INVALID_TOKEN), 400);
      }
      return forward(c, body);
    },

    async signOut(c: TAuthContext) {
      const userId = await sessionUserId(c);
      // Sign-out takes no input; an empty JSON body satisfies better-auth whatever the client sent.
      const response = await forward(c, {});
      if (response.ok && userId) await announceSessionsEnded(userId, 'signed-out');
      return response;
    },
  };
}
