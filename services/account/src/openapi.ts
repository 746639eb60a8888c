import {
  ACCOUNT_PATHS,
  API_KEY_PATHS,
  AUTH_BASE_PATH,
  type TEndpoint,
  ZApiKeyListSchema,
  ZAuthErrorBodySchema,
  ZCreateApiKeyRequestSchema,
  ZCreatedApiKeySchema,
  ZDevMailSchema,
  ZOnboardingAnswersSchema,
  ZProfileSchema,
  ZProfileUpdateSchema,
  ZWebhookDeliveryListSchema,
  ZWebhookDeliverySchema,
  ZWebhookEndpointUpdateSchema,
  ZWebhookSettingsSchema,
} from '@prospector/contracts';
import type { TServiceApi } from '@prospector/service-kit';
import { z } from 'zod';
import {
  AUTH_ROUTES,
  changePasswordBody,
  passwordResetRequestBody,
  sendVerificationEmailBody,
  signInBody,
  signUpBody,
  type TAuthRoutePath,
} from './routes/auth/auth.routes.ts';
import { DEV_MAILBOX_PATHS } from './routes/dev-mailbox/dev-mailbox.routes.ts';
import { ZDeliveryParamsSchema } from './routes/webhooks/webhooks.routes.ts';

/** better-auth's answers are its own; the product relies only on these fields. */
const ZAuthUserSchema = z.looseObject({ id: z.string(), email: z.string(), emailVerified: z.boolean() });
const ZAuthStatusSchema = z.looseObject({ status: z.boolean() });
const ZSessionSchema = z
  .object({ session: z.looseObject({ userId: z.string(), expiresAt: z.string() }), user: ZAuthUserSchema })
  .nullable();
/** The reset link's token and the new password, passed to better-auth as they are. */
const ZResetPasswordBodySchema = z.object({ newPassword: z.string().min(6).max(128), token: z.string() });

const authError = (description: string) => ({ description, body: ZAuthErrorBodySchema });

/** The resend and reset-request routes: both mail an address, and answer the same whether or not they did. */
const MAIL_SENT_RESPONSES = {
  200: { description: 'Sent (or nothing to send).', body: ZAuthStatusSchema },
  400: authError('VALIDATION_FAILED: "Please enter your email address".'),
  429: authError('RATE_LIMITED.'),
};

/** What each better-auth route the product uses takes and answers; the keys are AUTH_ROUTES' paths. */
const AUTH_DOCS: Record<TAuthRoutePath, Omit<TEndpoint, 'method' | 'path'>> = {
  '/sign-up/email': {
    summary: 'Sign up with e-mail and password',
    description:
      'Checked first with the sign-up form’s rules (strong password, required metadata). Sends the ' +
      'verification e-mail; an address already registered answers the same and its owner is told by mail.',
    auth: 'public',
    body: signUpBody,
    responses: {
      200: {
        description: 'Created; no session until the e-mail is verified.',
        body: z.looseObject({ user: ZAuthUserSchema }),
      },
      400: authError('VALIDATION_FAILED with the rule’s message.'),
      429: authError('RATE_LIMITED.'),
    },
  },
  '/sign-in/email': {
    summary: 'Sign in',
    description: 'Sets the session cookie. An unverified address is refused with EMAIL_NOT_VERIFIED.',
    auth: 'public',
    body: signInBody,
    responses: {
      200: { description: 'Signed in.', body: z.looseObject({ user: ZAuthUserSchema }) },
      400: authError('VALIDATION_FAILED.'),
      401: authError('INVALID_EMAIL_OR_PASSWORD: "Email or password incorrect".'),
      403: authError('EMAIL_NOT_VERIFIED.'),
      429: authError('RATE_LIMITED.'),
    },
  },
  '/sign-out': {
    summary: 'Sign out',
    description: 'Ends the session; every service’s cached view of it is dropped at once.',
    auth: 'session',
    responses: { 200: { description: 'Signed out.', body: z.looseObject({ success: z.boolean() }) } },
  },
  '/get-session': {
    summary: 'The current session',
    description: 'What services ask (cookie forwarded) to learn who is signed in; null without a session.',
    auth: 'public',
    responses: { 200: { description: 'The session and its user, or null.', body: ZSessionSchema } },
  },
  '/verify-email': {
    summary: 'Verify an e-mail address (the link in the verification mail)',
    description:
      'Signs the user in and redirects to the callback URL, with `?error=` when the token is bad or expired.',
    auth: 'public',
    query: z.object({ token: z.string(), callbackURL: z.string().optional() }),
    responses: {
      302: { description: 'To the callback route (`/auth/callback`).', headers: { location: 'Where to.' } },
    },
  },
  '/send-verification-email': {
    summary: 'Resend the verification e-mail',
    auth: 'public',
    body: sendVerificationEmailBody,
    responses: MAIL_SENT_RESPONSES,
  },
  '/request-password-reset': {
    summary: 'Send a password-reset e-mail',
    description: 'Answers the same whether or not the address has an account.',
    auth: 'public',
    body: passwordResetRequestBody,
    responses: MAIL_SENT_RESPONSES,
  },
  '/reset-password': {
    summary: 'Set a new password with the reset link’s token',
    description: 'Ends every session of the user, then signs this browser in afresh.',
    auth: 'public',
    body: ZResetPasswordBodySchema,
    responses: {
      200: { description: 'Reset; the session cookie is set.', body: ZAuthStatusSchema },
      400: authError('INVALID_TOKEN or PASSWORD_TOO_SHORT.'),
    },
  },
  '/change-password': {
    summary: 'Change the password',
    description: 'Checked with the settings form’s rules; every other session of the user ends.',
    auth: 'session',
    body: changePasswordBody,
    responses: {
      200: { description: 'Changed.', body: z.looseObject({ user: ZAuthUserSchema }) },
      400: authError('VALIDATION_FAILED, or INVALID_PASSWORD for a wrong current password.'),
    },
  },
  '/ok': {
    summary: 'better-auth’s liveness answer',
    auth: 'public',
    responses: { 200: { description: 'Alive.', body: z.object({ ok: z.boolean() }) } },
  },
  '/error': {
    summary: 'better-auth’s error page',
    auth: 'public',
    responses: { 200: { description: 'A plain page naming the error.', contentType: 'text/html' } },
  },
};

/** The account service's HTTP API (served merged with the others at `/api/docs`). */
export const accountApi: TServiceApi = {
  description:
    'Identity (better-auth under /api/auth), the profile and onboarding, the live stream, outgoing webhooks and the dev mailbox.',
  endpoints: [
    ...AUTH_ROUTES.map((route) => ({
      method: route.method.toLowerCase() as 'get' | 'post',
      path: `${AUTH_BASE_PATH}${route.path}`,
      ...AUTH_DOCS[route.path],
    })),
    {
      method: 'get',
      path: ACCOUNT_PATHS.profile,
      summary: 'The signed-in user’s profile',
      description:
        'Created when the e-mail is verified (or on this read, for a verified account that has none): trial status, no plan, trial started then (and the trial credits granted).',
      auth: 'session',
      responses: { 200: { description: 'The profile.', body: ZProfileSchema } },
    },
    {
      method: 'patch',
      path: ACCOUNT_PATHS.profile,
      summary: 'Edit the profile',
      description:
        'Text is trimmed, cleaned of markup and cut to 1000 characters. E-mail cannot change here.',
      auth: 'session',
      body: ZProfileUpdateSchema,
      responses: { 200: { description: 'The profile after the change.', body: ZProfileSchema } },
    },
    {
      method: 'post',
      path: ACCOUNT_PATHS.onboarding,
      summary: 'Complete onboarding with the wizard’s answers',
      auth: 'session',
      body: ZOnboardingAnswersSchema,
      responses: { 200: { description: 'The profile, onboarding completed.', body: ZProfileSchema } },
    },
    {
      method: 'post',
      path: ACCOUNT_PATHS.skipOnboarding,
      summary: 'Skip onboarding',
      auth: 'session',
      responses: { 200: { description: 'The profile, onboarding completed.', body: ZProfileSchema } },
    },
    {
      method: 'get',
      path: API_KEY_PATHS.keys,
      summary: 'The signed-in user’s API keys',
      description: 'Newest first, each by its name and first characters; the secrets are never shown again.',
      auth: 'session',
      responses: { 200: { description: 'The keys.', body: ZApiKeyListSchema } },
    },
    {
      method: 'post',
      path: API_KEY_PATHS.keys,
      summary: 'Create an API key for /api/v1',
      description: 'Answers the secret this once; only its SHA-256 is stored. At most 20 keys per user.',
      auth: 'session',
      body: ZCreateApiKeyRequestSchema,
      responses: {
        201: { description: 'The key and its secret.', body: ZCreatedApiKeySchema },
        409: { description: 'CONFLICT: the user already has 20 keys.' },
      },
    },
    {
      method: 'delete',
      path: API_KEY_PATHS.key,
      summary: 'Revoke an API key',
      description: 'Deletes it: every process refuses it from the next request on.',
      auth: 'session',
      params: z.object({ id: z.uuid() }),
      responses: {
        204: { description: 'Revoked.' },
        404: { description: 'NOT_FOUND: no such key of the user.' },
      },
    },
    {
      method: 'delete',
      path: ACCOUNT_PATHS.me,
      summary: 'Erase the account',
      description:
        'Deletes the user and their profile and announces `accounts.erased`, on which every service deletes ' +
        'what it holds of the user (billing cancels the subscription first). The session cookie is cleared.',
      auth: 'session',
      responses: { 204: { description: 'Erased.' } },
    },
    {
      method: 'get',
      path: ACCOUNT_PATHS.events,
      summary: 'Live profile and credit changes (Server-Sent Events)',
      description:
        '`profile` carries the profile after a change, `credits` billing’s credit event. The stream ends ' +
        'when the session does.',
      auth: 'session',
      responses: { 200: { description: 'The event stream.', contentType: 'text/event-stream' } },
    },
    {
      method: 'get',
      path: ACCOUNT_PATHS.webhooks,
      summary: 'The signed-in user’s webhook endpoint',
      description: 'Its URL and signing secret (Standard Webhooks, `whsec_…`); null until one is set.',
      auth: 'session',
      responses: { 200: { description: 'The endpoint, or null.', body: ZWebhookSettingsSchema } },
    },
    {
      method: 'put',
      path: ACCOUNT_PATHS.webhooks,
      summary: 'Set the webhook endpoint',
      description:
        'https only in production; the host and every address it resolves to must be public (no private, ' +
        'loopback or link-local address) unless WEBHOOK_ALLOW_PRIVATE_HOSTS allows it outside production. ' +
        'A secret is generated the first time.',
      auth: 'session',
      body: ZWebhookEndpointUpdateSchema,
      responses: { 200: { description: 'The endpoint.', body: ZWebhookSettingsSchema } },
      errors: ['VALIDATION_FAILED'],
    },
    {
      method: 'delete',
      path: ACCOUNT_PATHS.webhooks,
      summary: 'Remove the webhook endpoint',
      description: 'No further messages are written; waiting ones fail at their next attempt.',
      auth: 'session',
      responses: { 204: { description: 'Removed.' } },
    },
    {
      method: 'post',
      path: ACCOUNT_PATHS.webhookSecret,
      summary: 'Rotate the webhook secret',
      description: 'A new secret signs every attempt from now on, including retries of waiting messages.',
      auth: 'session',
      responses: { 200: { description: 'The endpoint with its new secret.', body: ZWebhookSettingsSchema } },
      errors: ['NOT_FOUND'],
    },
    {
      method: 'get',
      path: ACCOUNT_PATHS.webhookDeliveries,
      summary: 'The webhook delivery log',
      description: 'The newest 50 messages with their status, last response code and times.',
      auth: 'session',
      responses: { 200: { description: 'Newest first.', body: ZWebhookDeliveryListSchema } },
    },
    {
      method: 'post',
      path: ACCOUNT_PATHS.webhookResend,
      summary: 'Resend a webhook message',
      description: 'Sent again now, with the same `webhook-id`, and retried for another day if it fails.',
      auth: 'session',
      params: ZDeliveryParamsSchema,
      responses: { 202: { description: 'Waiting to be sent.', body: ZWebhookDeliverySchema } },
      errors: ['NOT_FOUND'],
    },
    {
      method: 'get',
      path: DEV_MAILBOX_PATHS.page,
      summary: 'The dev mailbox (HTML)',
      description: 'Mail the app sent, newest first. Only for clients on this machine; anyone else gets 404.',
      auth: 'public',
      onlyWhen: 'no SMTP_URL is set, outside production',
      responses: { 200: { description: 'The page.', contentType: 'text/html' } },
      errors: ['NOT_FOUND'],
    },
    {
      method: 'get',
      path: DEV_MAILBOX_PATHS.json,
      summary: 'The dev mailbox (JSON)',
      auth: 'public',
      onlyWhen: 'no SMTP_URL is set, outside production',
      responses: { 200: { description: 'The messages, newest first.', body: z.array(ZDevMailSchema) } },
      errors: ['NOT_FOUND'],
    },
  ],
};
