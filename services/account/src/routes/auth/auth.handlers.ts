import type { Context } from 'hono';
import type { z } from 'zod';
import { authErrorBody, reshapeAuthError } from '../../auth/auth-errors.ts';
import { SIGN_UP_CALLBACK_PATH } from '../../auth/create-auth.ts';
import { publishSessionsEnded } from '../../auth/sessions-ended.ts';
import { type TClientIpVariables, withClientIp } from '../../http/client-ip.ts';
import type { TAccountRuntime } from '../../runtime.ts';
import { changePasswordBody, signUpBody } from './auth.routes.ts';

type TAuthContext = Context<{ Variables: TClientIpVariables }>;

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
  const { auth, database, logger } = runtime;

  const forward = async (c: TAuthContext, body?: unknown) => {
    const request = withClientIp(
      c.req.raw,
      c.get('clientIp'),
      body === undefined ? undefined : JSON.stringify(body),
    );
    if (body !== undefined) request.headers.set('content-type', 'application/json');
    return reshapeAuthError(await auth.handler(request));
  };

  const sessionUserId = async (c: TAuthContext) =>
    (await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null))?.user.id;

  /** Publishes after the fact; a lost event only means caches fall back to their TTL. */
  const announceSessionsEnded = async (userId: string, reason: 'signed-out' | 'password-changed') => {
    await publishSessionsEnded(database, userId, reason).catch((error: unknown) =>
      logger.error('could not record sessions-ended', { userId, reason, error }),
    );
  };

  return {
    forward,

    async signUp(c: TAuthContext) {
      const body = await readBody(c, signUpBody);
      if (!body.ok) return body.response;
      const { confirmPassword: _confirm, callbackURL, ...fields } = body.data;
      return forward(c, {
        ...fields,
        name: `${fields.firstName} ${fields.lastName}`,
        callbackURL: safeCallback(callbackURL),
      });
    },

    async changePassword(c: TAuthContext) {
      const body = await readBody(c, changePasswordBody);
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

    async signOut(c: TAuthContext) {
      const userId = await sessionUserId(c);
      // Sign-out takes no input; an empty JSON body satisfies better-auth whatever the client sent.
      const response = await forward(c, {});
      if (response.ok && userId) await announceSessionsEnded(userId, 'signed-out');
      return response;
    },
  };
}
