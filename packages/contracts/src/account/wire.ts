import { z } from 'zod';
import { UNEXPECTED_ERROR_MESSAGE } from '../errors.ts';
import { PASSWORD_MESSAGES } from './password-rules.ts';
import {
  refineNewPassword,
  refinePasswordConfirmed,
  ZEmailSchema,
  ZProfileSchema,
  ZSignInSchema,
  ZSignUpMetadataSchema,
  ZStrongPasswordSchema,
} from './schemas.ts';

/**
 * What crosses the wire between the browser and the account service, beyond the form schemas in
 * schemas.ts. Auth routes (`/api/auth/*`) are better-auth's; the account service checks these bodies
 * before better-auth sees them, with the same rules as the browser.
 */

/** Body of `POST /api/auth/sign-up/email`. `name` is derived from first and last name. */
export const ZSignUpRequestSchema = z
  .object({
    email: ZEmailSchema,
    password: ZStrongPasswordSchema,
    /** Optional on the wire; when sent it must match. */
    confirmPassword: z.string().optional(),
    /** Where the verification link lands; only same-origin paths are accepted. */
    callbackURL: z.string().optional(),
  })
  .and(ZSignUpMetadataSchema)
  .superRefine(refinePasswordConfirmed);
export type TSignUpRequest = z.infer<typeof ZSignUpRequestSchema>;

/** Body of `POST /api/auth/sign-in/email`: the sign-in form's rules (docs/product.md §5). */
export const ZSignInRequestSchema = ZSignInSchema.extend({
  rememberMe: z.boolean().optional(),
  callbackURL: z.string().optional(),
});

/** Body of `POST /api/auth/request-password-reset`: the forgot-password dialog's rule (docs/product.md §5). */
export const ZPasswordResetRequestSchema = z.object({
  email: ZEmailSchema,
  redirectTo: z.string().optional(),
});

/** Body of `POST /api/auth/send-verification-email`: the resend dialog's rule (docs/product.md §5). */
export const ZSendVerificationEmailRequestSchema = z.object({
  email: ZEmailSchema,
  /** Where the verification link lands; only same-origin paths are accepted. */
  callbackURL: z.string().optional(),
});

/** Body of `POST /api/auth/change-password`. Other sessions are always revoked. */
export const ZChangePasswordRequestSchema = z
  .object({
    currentPassword: z.string().min(1, 'Password is required'),
    newPassword: z.string(),
    confirmPassword: z.string().optional(),
  })
  .superRefine(refineNewPassword);
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequestSchema>;

/**
 * Error body of `/api/auth/*`: better-auth's own `{ code, message }` (so its browser client reads it)
 * plus the `{ error: { code, message } }` every other service answers with.
 */
export const ZAuthErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  error: z.object({ code: z.string(), message: z.string() }),
});
export type TAuthErrorBody = z.infer<typeof ZAuthErrorBodySchema>;

/**
 * Auth error codes and the text the UI shows for each (docs/product.md §8). The server already puts this text
 * in `message`; the table is here so the UI can map codes without trusting free text.
 */
export const AUTH_ERROR_MESSAGES = {
  INVALID_EMAIL_OR_PASSWORD: 'Email or password incorrect',
  EMAIL_NOT_VERIFIED: 'Please verify your email address before signing in.',
  TOKEN_EXPIRED: 'Email verification link has expired. Please request a new confirmation email.',
  INVALID_TOKEN: 'Failed to authenticate. Please try signing in again.',
  PASSWORD_TOO_SHORT: PASSWORD_MESSAGES.resetTooShort,
  INVALID_PASSWORD: 'Email or password incorrect',
  RATE_LIMITED: 'Too many requests. Please try again later.',
  UNAUTHENTICATED: 'Failed to authenticate. Please try signing in again.',
  INTERNAL: UNEXPECTED_ERROR_MESSAGE,
} as const;
export type TAuthErrorCode = keyof typeof AUTH_ERROR_MESSAGES;

/** Success texts the auth screens show (docs/product.md §8). */
export const AUTH_SUCCESS_MESSAGES = {
  signUp: 'Account created successfully! Please check your email to verify your account.',
  resetRequested: 'Password reset email sent! Check your inbox and follow the instructions.',
  confirmationResent:
    'New confirmation email sent! Check your inbox and click the link to verify your account.',
  passwordReset: 'Password Reset Successful',
} as const;

/** The signed-in identity services receive from `@prospector/auth-client` (`c.get('user')`). */
export const ZVerifiedUserSchema = z.object({
  userId: z.string(),
  email: z.string(),
  /** The user's display name when they gave one (the words of a refusal naming them). */
  name: z.string().min(1).optional(),
  /**
   * The session's active workspace and the user's role in it, as better-auth's session says
   * (docs/architecture.md "Workspaces"); never taken from a request body or query.
   */
  workspaceId: z.string(),
  role: z.enum(['owner', 'admin', 'member']),
});
export type TVerifiedUser = z.infer<typeof ZVerifiedUserSchema>;

/** A message in the dev mailbox (`GET /dev/mailbox.json`, newest first). */
export const ZDevMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export type TDevMail = z.infer<typeof ZDevMailSchema>;

/** `GET /api/account/events` (SSE): `event: profile` carries a profile. */
export const ZProfileLiveEventSchema = ZProfileSchema;

/** `GET /api/account/events` (SSE): `event: credits` carries billing's credit event, passed through. */
export const ZCreditsLiveEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  occurredAt: z.string(),
  data: z.unknown(),
});
export type TCreditsLiveEvent = z.infer<typeof ZCreditsLiveEventSchema>;

export const ACCOUNT_LIVE_EVENTS = { profile: 'profile', credits: 'credits' } as const;
