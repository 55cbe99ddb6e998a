import { ACCOUNT_MESSAGES } from '#kernel/account-rules.ts';

/** Texts of the account pages that the browser needs (the specification's, word for word). Browser-safe. */
export const MSG = {
  invalidEmail: ACCOUNT_MESSAGES.invalidEmail,
  registered: ACCOUNT_MESSAGES.registered,
  resetRequested: ACCOUNT_MESSAGES.resetRequested,
  resetMissingToken: ACCOUNT_MESSAGES.resetMissingToken,
  resetInvalidLink: ACCOUNT_MESSAGES.resetInvalidLink,
  resetShortPassword: ACCOUNT_MESSAGES.shortPassword,
  resetDone: ACCOUNT_MESSAGES.resetDone,
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  passwordsDoNotMatch: 'Passwords do not match',
  mustAgree: 'You must agree to the Terms of Service and Privacy Policy.',
  forgotFailed: 'Failed to send reset link. Please try again.',
  networkError: 'Network error. Please check your connection and try again.',
  resetNoTokenToast: 'Invalid Link: No reset token found in the URL.',
  resetMismatch: 'Passwords do not match.',
  resetFailed: 'Failed to reset password. Please try again.',
  sessionExpired: 'Your session has expired. Please log in again.',
  signedOutEverywhere: ACCOUNT_MESSAGES.signedOutEverywhere,
  noChanges: 'No changes detected. Details are up-to-date.',
  detailsUpdated: 'Details updated successfully!',
  confirmDelete: 'Are you sure you want to delete your account? This action cannot be undone.',
  accountDeleted: 'Account deleted successfully! Redirecting...',
} as const;

/** Spec section 9: the reset and forgot-password success toasts stay 5 seconds. */
export const LONG_TOAST_MS = 5000;
