import { z } from 'zod';
import { ACCOUNT_TYPES, COUNTRIES, ONBOARDING_OPTIONS } from './constants.ts';
import { checkStrongPassword, PASSWORD_MESSAGES, RESET_PASSWORD_MIN_LENGTH } from './password-rules.ts';
import { hasDisallowedCharacters, MAX_TEXT_LENGTH, sanitizeText } from './sanitize-text.ts';

/**
 * Free text from a form: refused when longer than the 1000-character limit (docs/product.md §9) or when it holds
 * control, bidirectional-override or zero-width characters, then cleaned (docs/product.md §5) before any other
 * rule sees it.
 */
const cleanText = (label: string) =>
  z
    .string()
    .max(MAX_TEXT_LENGTH, `${label} must be at most ${MAX_TEXT_LENGTH} characters`)
    .refine((text) => !hasDisallowedCharacters(text), `${label} contains characters that are not allowed`)
    .transform((text) => sanitizeText(text));
const requiredText = (label: string) => cleanText(label).pipe(z.string().min(1, `${label} is required`));

export const ZEmailSchema = z
  // A request without the field gets the same text as an empty one.
  .string('Please enter your email address')
  .trim()
  .min(1, 'Please enter your email address')
  .pipe(z.email('Please enter a valid email address'));

/** The sign-up metadata of docs/product.md §3, as stored on the user. */
export const ZSignUpMetadataSchema = z
  .object({
    firstName: requiredText('First name'),
    lastName: requiredText('Last name'),
    accountType: z.enum(ACCOUNT_TYPES),
    companyName: cleanText('Company name').optional(),
    vatNumber: cleanText('VAT number').optional(),
    country: z.enum(COUNTRIES, 'Country is required'),
  })
  .superRefine((value, ctx) => {
    if (value.accountType === 'business' && !value.companyName) {
      ctx.addIssue({ code: 'custom', path: ['companyName'], message: 'Company name is required' });
    }
  })
  .transform((value) =>
    // Company and VAT belong to business accounts only.
    value.accountType === 'business'
      ? { ...value, vatNumber: value.vatNumber || undefined }
      : { ...value, companyName: undefined, vatNumber: undefined },
  );

export const ZStrongPasswordSchema = z.string().superRefine((password, ctx) => {
  const problem = checkStrongPassword(password);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A password and its confirmation, when one is sent, must match. */
export function refinePasswordConfirmed(
  value: { password: string; confirmPassword?: string },
  ctx: z.RefinementCtx,
): void {
  if (value.confirmPassword !== undefined && value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORD_MESSAGES.mismatch });
  }
}

/** A new password must match its confirmation, when one is sent, and be strong. */
export function refineNewPassword(
  value: { newPassword: string; confirmPassword?: string },
  ctx: z.RefinementCtx,
): void {
  if (value.confirmPassword !== undefined && value.newPassword !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORD_MESSAGES.newMismatch });
    return;
  }
  const problem = checkStrongPassword(value.newPassword);
  if (problem) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: problem });
}

/** The sign-up form; the server applies the same rules to what reaches it. */
export const ZSignUpSchema = z
  .object({ email: ZEmailSchema, password: ZStrongPasswordSchema, confirmPassword: z.string() })
  .and(ZSignUpMetadataSchema)
  .superRefine(refinePasswordConfirmed);

export const ZSignInSchema = z.object({
  email: ZEmailSchema,
  password: z.string('Password is required').min(1, 'Password is required'),
});

export const ZResetPasswordSchema = z
  .object({ password: z.string(), confirmPassword: z.string() })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORD_MESSAGES.mismatch });
    } else if (value.password.length < RESET_PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_MESSAGES.resetTooShort });
    }
  });

export const ZChangePasswordSchema = z
  .object({ currentPassword: z.string().min(1), newPassword: z.string(), confirmPassword: z.string() })
  .superRefine(refineNewPassword);

/** What the Profile & Company tab edits (docs/product.md §2 settings). */
export const ZProfileUpdateSchema = ZSignUpMetadataSchema;
export type TProfileUpdate = z.infer<typeof ZProfileUpdateSchema>;

/**
 * The workspace the session acts for, as the profile answer names it (docs/architecture.md §17). The
 * profile's plan and trial fields (`subscriptionStatus`, `subscriptionPlan`, `subscriptionEndDate`,
 * `cancelAtPeriodEnd`, `trialStartedAt`, `trialExpired`, `trialDaysLeft`) are that workspace's — its
 * owner's subscription — so the top bar, the trial screen and the billing page follow a switch; the rest
 * of the profile stays the person's. The roles are `WORKSPACE_ROLES` (team.ts, which imports this file).
 */
export const ZProfileWorkspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(['owner', 'admin', 'member']),
  personal: z.boolean(),
});
export type TProfileWorkspace = z.infer<typeof ZProfileWorkspaceSchema>;

/** A profile as the account service returns it. Credits are billing's and come from billing. */
export const ZProfileSchema = z.object({
  userId: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  companyName: z.string().nullable(),
  vatNumber: z.string().nullable(),
  country: z.string().nullable(),
  accountType: z.enum(ACCOUNT_TYPES).nullable(),
  subscriptionStatus: z.enum(['trial', 'active']),
  subscriptionPlan: z.enum(['package_1', 'package_2', 'package_3', 'none']),
  selectedPlan: z.string().nullable(),
  subscriptionEndDate: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  trialStartedAt: z.string(),
  trialExpired: z.boolean(),
  trialDaysLeft: z.number().int().min(0),
  onboardingCompleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Optional: an older account service, and the live `profile` event, leave it out. */
  workspace: ZProfileWorkspaceSchema.optional(),
});
export type TProfile = z.infer<typeof ZProfileSchema>;

const option = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values);

/** The onboarding wizard's answers (docs/product.md §3 user segmentation); Next-rules per step in §5. */
export const ZOnboardingAnswersSchema = z.object({
  businessType: option(ONBOARDING_OPTIONS.businessType),
  companySize: option(ONBOARDING_OPTIONS.companySize),
  howFoundUs: option(ONBOARDING_OPTIONS.howFoundUs),
  industry: option(ONBOARDING_OPTIONS.industry),
  marketingGoals: z.array(option(ONBOARDING_OPTIONS.marketingGoals)).min(1),
  currentTools: z.array(option(ONBOARDING_OPTIONS.currentTools)),
  monthlyBudgetRange: option(ONBOARDING_OPTIONS.monthlyBudgetRange),
});
export type TOnboardingAnswers = z.infer<typeof ZOnboardingAnswersSchema>;
