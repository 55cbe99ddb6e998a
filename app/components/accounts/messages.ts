/** Texts of the account pages that the browser needs (the specification's, word for word). Browser-safe. */
export const MSG = {
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  passwordsDoNotMatch: 'Passwords do not match',
  mustAgree: 'You must agree to the Terms of Service and Privacy Policy.',
  registered: 'Registration successful! Please log in.',
  invalidEmail: 'Please enter a valid email address.',
  forgotFailed: 'Failed to send reset link. Please try again.',
  networkError: 'Network error. Please check your connection and try again.',
  resetRequested: 'If an account with that email exists, a password reset link has been sent to your inbox.',
  resetMissingToken: 'Password reset token is missing from the URL.',
  resetNoTokenToast: 'Invalid Link: No reset token found in the URL.',
  resetInvalidLink: 'The password reset link is invalid or expired. Please request a new one.',
  resetShortPassword: 'Password must be at least 8 characters long.',
  resetMismatch: 'Passwords do not match.',
  resetFailed: 'Failed to reset password. Please try again.',
  resetDone: 'Your password has been successfully reset! You can now log in with your new password.',
  sessionExpired: 'Your session has expired. Please log in again.',
  noChanges: 'No changes detected. Details are up-to-date.',
  detailsUpdated: 'Details updated successfully!',
  confirmDelete: 'Are you sure you want to delete your account? This action cannot be undone.',
  accountDeleted: 'Account deleted successfully! Redirecting...',
} as const;

/** Spec section 9: the reset and forgot-password success toasts stay 5 seconds. */
export const LONG_TOAST_MS = 5000;
