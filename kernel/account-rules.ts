/**
 * Rules and messages of accounts that the server enforces and the pages show early, in one
 * place (browser-safe, no validation library). The specification's texts are word for word.
 */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_EMAIL_LENGTH = 254;

/** Something@something.something, without spaces: what a person can mistype, not RFC 5322. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function looksLikeEmail(value: string): boolean {
  const v = value.trim();
  return v.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(v);
}

export const ACCOUNT_MESSAGES = {
  invalidEmail: 'Please enter a valid email address.',
  shortPassword: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
  longPassword: `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`,
  registered: 'Registration successful! Please log in.',
  resetRequested: 'If an account with that email exists, a password reset link has been sent to your inbox.',
  resetMissingToken: 'Password reset token is missing from the URL.',
  resetInvalidLink: 'The password reset link is invalid or expired. Please request a new one.',
  resetDone: 'Your password has been successfully reset! You can now log in with your new password.',
  signedOutEverywhere: 'You have been signed out on every device.',
} as const;
