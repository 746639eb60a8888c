import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ZApiKeyListSchema, ZCreateApiKeyRequestSchema, ZCreatedApiKeySchema } from './api-keys.ts';
import { ACCOUNT_EVENTS_PATH, AUTH_BASE_PATH, AUTH_PATHS } from './paths.ts';
import { ZOnboardingAnswersSchema, ZProfileSchema, ZProfileUpdateSchema } from './schemas.ts';
import {
  ZWebhookDeliveryListSchema,
  ZWebhookDeliverySchema,
  ZWebhookEndpointUpdateSchema,
  ZWebhookSettingsSchema,
} from './webhooks.ts';
import {
  ZAuthErrorBodySchema,
  ZChangePasswordRequestSchema,
  ZDevMailSchema,
  ZPasswordResetRequestSchema,
  ZSendVerificationEmailRequestSchema,
  ZSignInRequestSchema,
  ZSignUpRequestSchema,
} from './wire.ts';

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

/**
 * The better-auth endpoints the product uses (docs/product.md §7), under `/api/auth`, served by
 * better-auth behind the product's checks. Anything else better-auth offers (update-user, delete-user,
 * change-email, …) answers 404: profile edits and erasure go through `/api/account`, where input is
 * cleaned and events are published.
 */
export const AUTH_ENDPOINTS = {
  signUp: defineEndpoint({
    method: 'post',
    path: AUTH_PATHS.signUp,
    summary: 'Sign up with e-mail and password',
    description:
      'Checked first with the sign-up form’s rules (strong password, required metadata). Sends the ' +
      'verification e-mail; an address already registered answers the same and its owner is told by mail.',
    auth: 'public',
    body: ZSignUpRequestSchema,
    responses: {
      200: {
        description: 'Created; no session until the e-mail is verified.',
        body: z.looseObject({ user: ZAuthUserSchema }),
      },
      400: authError('VALIDATION_FAILED with the rule’s message.'),
      429: authError('RATE_LIMITED.'),
    },
  }),
  signIn: defineEndpoint({
    method: 'post',
    path: AUTH_PATHS.signIn,
    summary: 'Sign in',
    description: 'Sets the session cookie. An unverified address is refused with EMAIL_NOT_VERIFIED.',
    auth: 'public',
    body: ZSignInRequestSchema,
    responses: {
      200: { description: 'Signed in.', body: z.looseObject({ user: ZAuthUserSchema }) },
      400: authError('VALIDATION_FAILED.'),
      401: authError('INVALID_EMAIL_OR_PASSWORD: "Email or password incorrect".'),
      403: authError('EMAIL_NOT_VERIFIED.'),
      429: authError('RATE_LIMITED.'),
    },
  }),
  signOut: defineEndpoint({
    method: 'post',
    path: AUTH_PATHS.signOut,
    summary: 'Sign out',
    description: 'Ends the session; every service’s cached view of it is dropped at once.',
    auth: 'session',
    responses: { 200: { description: 'Signed out.', body: z.looseObject({ success: z.boolean() }) } },
  }),
  getSession: defineEndpoint({
    method: 'get',
    path: AUTH_PATHS.getSession,
    summary: 'The current session',
    description: 'What services ask (cookie forwarded) to learn who is signed in; null without a session.',
    auth: 'public',
    responses: { 200: { description: 'The session and its user, or null.', body: ZSessionSchema } },
  }),
  verifyEmail: defineEndpoint({
    method: 'get',
    path: AUTH_PATHS.verifyEmail,
    summary: 'Verify an e-mail address (the link in the verification mail)',
    description:
      'Signs the user in and redirects to the callback URL, with `?error=` when the token is bad or expired.',
    auth: 'public',
    query: z.object({ token: z.string(), callbackURL: z.string().optional() }),
    responses: {
      302: { description: 'To the callback route (`/auth/callback`).', headers: { location: 'Where to.' } },
    },
  }),
  sendVerificationEmail: defineEndpoint({
    method: 'post',
    path: AUTH_PATHS.sendVerificationEmail,
    summary: 'Resend the verification e-mail',
    auth: 'public',
    body: ZSendVerificationEmailRequestSchema,
    responses: MAIL_SENT_RESPONSES,
  }),
  requestPasswordReset: defineEndpoint({
    method: 'post',
    path: AUTH_PATHS.requestPasswordReset,
    summary: 'Send a password-reset e-mail',
    description: 'Answers the same whether or not the address has an account.',
    auth: 'public',
    body: ZPasswordResetRequestSchema,
    responses: MAIL_SENT_RESPONSES,
  }),
  resetPassword: defineEndpoint({
    method: 'post',
    path: AUTH_PATHS.resetPassword,
    summary: 'Set a new password with the reset link’s token',
    description: 'Ends every session of the user, then signs this browser in afresh.',
    auth: 'public',
    body: ZResetPasswordBodySchema,
    responses: {
      200: { description: 'Reset; the session cookie is set.', body: ZAuthStatusSchema },
      400: authError('INVALID_TOKEN or PASSWORD_TOO_SHORT.'),
    },
  }),
  changePassword: defineEndpoint({
    method: 'post',
    path: AUTH_PATHS.changePassword,
    summary: 'Change the password',
    description: 'Checked with the settings form’s rules; every other session of the user ends.',
    auth: 'session',
    body: ZChangePasswordRequestSchema,
    responses: {
      200: { description: 'Changed.', body: z.looseObject({ user: ZAuthUserSchema }) },
      400: authError('VALIDATION_FAILED, or INVALID_PASSWORD for a wrong current password.'),
    },
  }),
  ok: defineEndpoint({
    method: 'get',
    path: `${AUTH_BASE_PATH}/ok`,
    summary: 'better-auth’s liveness answer',
    auth: 'public',
    responses: { 200: { description: 'Alive.', body: z.object({ ok: z.boolean() }) } },
  }),
  error: defineEndpoint({
    method: 'get',
    path: `${AUTH_BASE_PATH}/error`,
    summary: 'better-auth’s error page',
    auth: 'public',
    responses: { 200: { description: 'A plain page naming the error.', contentType: 'text/html' } },
  }),
} as const;

/** The account service's own endpoints: the profile and onboarding, API keys, erasure, the live stream, webhooks. */
export const ACCOUNT_ENDPOINTS = {
  profile: defineEndpoint({
    method: 'get',
    path: '/api/account/profile',
    summary: 'The signed-in user’s profile',
    description:
      'Created when the e-mail is verified (or on this read, for a verified account that has none): trial status, no plan, trial started then (and the trial credits granted).',
    auth: 'session',
    responses: { 200: { description: 'The profile.', body: ZProfileSchema } },
  }),
  updateProfile: defineEndpoint({
    method: 'patch',
    path: '/api/account/profile',
    summary: 'Edit the profile',
    description: 'Text is trimmed, cleaned of markup and cut to 1000 characters. E-mail cannot change here.',
    auth: 'session',
    body: ZProfileUpdateSchema,
    responses: { 200: { description: 'The profile after the change.', body: ZProfileSchema } },
  }),
  completeOnboarding: defineEndpoint({
    method: 'post',
    path: '/api/account/onboarding',
    summary: 'Complete onboarding with the wizard’s answers',
    auth: 'session',
    body: ZOnboardingAnswersSchema,
    responses: { 200: { description: 'The profile, onboarding completed.', body: ZProfileSchema } },
  }),
  skipOnboarding: defineEndpoint({
    method: 'post',
    path: '/api/account/onboarding/skip',
    summary: 'Skip onboarding',
    auth: 'session',
    responses: { 200: { description: 'The profile, onboarding completed.', body: ZProfileSchema } },
  }),
  apiKeys: defineEndpoint({
    method: 'get',
    path: '/api/account/api-keys',
    summary: 'The signed-in user’s API keys',
    description: 'Newest first, each by its name and first characters; the secrets are never shown again.',
    auth: 'session',
    responses: { 200: { description: 'The keys.', body: ZApiKeyListSchema } },
  }),
  createApiKey: defineEndpoint({
    method: 'post',
    path: '/api/account/api-keys',
    summary: 'Create an API key for /api/v1',
    description: 'Answers the secret this once; only its SHA-256 is stored. At most 20 keys per user.',
    auth: 'session',
    body: ZCreateApiKeyRequestSchema,
    responses: {
      201: { description: 'The key and its secret.', body: ZCreatedApiKeySchema },
      409: { description: 'CONFLICT: the user already has 20 keys.' },
    },
  }),
  revokeApiKey: defineEndpoint({
    method: 'delete',
    path: '/api/account/api-keys/:id',
    summary: 'Revoke an API key',
    description: 'Deletes it: every process refuses it from the next request on.',
    auth: 'session',
    // Any string is taken: an id that is not a uuid answers 404 like an unknown key, not 400.
    params: z.object({ id: z.string().meta({ format: 'uuid' }) }),
    responses: {
      204: { description: 'Revoked.' },
      404: { description: 'NOT_FOUND: no such key of the user.' },
    },
  }),
  eraseAccount: defineEndpoint({
    method: 'delete',
    path: '/api/account/me',
    summary: 'Erase the account',
    description:
      'Deletes the user and their profile and announces `accounts.erased`, on which every service deletes ' +
      'what it holds of the user (billing cancels the subscription first). The session cookie is cleared.',
    auth: 'session',
    responses: { 204: { description: 'Erased.' } },
  }),
  events: defineEndpoint({
    method: 'get',
    path: ACCOUNT_EVENTS_PATH,
    summary: 'Live profile and credit changes (Server-Sent Events)',
    description:
      '`profile` carries the profile after a change, `credits` billing’s credit event. The stream ends ' +
      'when the session does.',
    auth: 'session',
    responses: { 200: { description: 'The event stream.', contentType: 'text/event-stream' } },
  }),
  webhooks: defineEndpoint({
    method: 'get',
    path: '/api/account/webhooks',
    summary: 'The signed-in user’s webhook endpoint',
    description: 'Its URL and signing secret (Standard Webhooks, `whsec_…`); null until one is set.',
    auth: 'session',
    responses: { 200: { description: 'The endpoint, or null.', body: ZWebhookSettingsSchema } },
  }),
  saveWebhook: defineEndpoint({
    method: 'put',
    path: '/api/account/webhooks',
    summary: 'Set the webhook endpoint',
    description:
      'https only in production; the host and every address it resolves to must be public (no private, ' +
      'loopback or link-local address) unless WEBHOOK_ALLOW_PRIVATE_HOSTS allows it outside production. ' +
      'A secret is generated the first time.',
    auth: 'session',
    body: ZWebhookEndpointUpdateSchema,
    responses: { 200: { description: 'The endpoint.', body: ZWebhookSettingsSchema } },
    errors: ['VALIDATION_FAILED'],
  }),
  deleteWebhook: defineEndpoint({
    method: 'delete',
    path: '/api/account/webhooks',
    summary: 'Remove the webhook endpoint',
    description: 'No further messages are written; waiting ones fail at their next attempt.',
    auth: 'session',
    responses: { 204: { description: 'Removed.' } },
  }),
  rotateWebhookSecret: defineEndpoint({
    method: 'post',
    path: '/api/account/webhooks/secret',
    summary: 'Rotate the webhook secret',
    description: 'A new secret signs every attempt from now on, including retries of waiting messages.',
    auth: 'session',
    responses: { 200: { description: 'The endpoint with its new secret.', body: ZWebhookSettingsSchema } },
    errors: ['NOT_FOUND'],
  }),
  webhookDeliveries: defineEndpoint({
    method: 'get',
    path: '/api/account/webhooks/deliveries',
    summary: 'The webhook delivery log',
    description: 'The newest 50 messages with their status, last response code and times.',
    auth: 'session',
    responses: { 200: { description: 'Newest first.', body: ZWebhookDeliveryListSchema } },
  }),
  resendWebhook: defineEndpoint({
    method: 'post',
    path: '/api/account/webhooks/deliveries/:deliveryId/resend',
    summary: 'Resend a webhook message',
    description: 'Sent again now, with the same `webhook-id`, and retried for another day if it fails.',
    auth: 'session',
    params: z.object({ deliveryId: z.uuid('Delivery not found') }),
    responses: { 202: { description: 'Waiting to be sent.', body: ZWebhookDeliverySchema } },
    errors: ['NOT_FOUND'],
  }),
} as const;

/** Mail the app sent, while it goes to the dev mailbox (no SMTP_URL, outside production). */
export const DEV_MAILBOX_ENDPOINTS = {
  page: defineEndpoint({
    method: 'get',
    path: '/dev/mailbox',
    summary: 'The dev mailbox (HTML)',
    description: 'Mail the app sent, newest first. Only for clients on this machine; anyone else gets 404.',
    auth: 'public',
    onlyWhen: 'no SMTP_URL is set, outside production',
    responses: { 200: { description: 'The page.', contentType: 'text/html' } },
    errors: ['NOT_FOUND'],
  }),
  json: defineEndpoint({
    method: 'get',
    path: '/dev/mailbox.json',
    summary: 'The dev mailbox (JSON)',
    auth: 'public',
    onlyWhen: 'no SMTP_URL is set, outside production',
    responses: { 200: { description: 'The messages, newest first.', body: z.array(ZDevMailSchema) } },
    errors: ['NOT_FOUND'],
  }),
} as const;
