export const PASSWORD_MESSAGES = {
  tooShort: 'Password must be at least 8 characters long',
  uppercase: 'Password must contain at least one uppercase letter',
  lowercase: 'Password must contain at least one lowercase letter',
  number: 'Password must contain at least one number',
  special: 'Password must contain at least one special character',
  mismatch: "Passwords don't match",
  newMismatch: "New passwords don't match",
  resetTooShort: 'Password must be at least 6 characters',
} as const;

/** Sign-up and settings minimum (docs/product.md §9). */
export const PASSWORD_MIN_LENGTH = 8;
/** Reset-password page minimum (docs/product.md §5, §9). */
export const RESET_PASSWORD_MIN_LENGTH = 6;

// In the spec's order: the first failing rule is the one the user sees.
const STRONG_PASSWORD_RULES: ReadonlyArray<{ test: (password: string) => boolean; message: string }> = [
  { test: (p) => p.length >= PASSWORD_MIN_LENGTH, message: PASSWORD_MESSAGES.tooShort },
  { test: (p) => /\p{Lu}/u.test(p), message: PASSWORD_MESSAGES.uppercase },
  { test: (p) => /\p{Ll}/u.test(p), message: PASSWORD_MESSAGES.lowercase },
  { test: (p) => /\p{Nd}/u.test(p), message: PASSWORD_MESSAGES.number },
  { test: (p) => /[^\p{L}\p{Nd}\s]/u.test(p), message: PASSWORD_MESSAGES.special },
];

/** The first rule a sign-up or settings password breaks, or null when it passes them all. */
export function checkStrongPassword(password: string): string | null {
  return STRONG_PASSWORD_RULES.find((rule) => !rule.test(password))?.message ?? null;
}
