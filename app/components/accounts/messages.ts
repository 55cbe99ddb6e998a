import { ACCOUNT_MESSAGES } from '#kernel/account-rules.ts';
import {
  accountDeleted,
  confirmDelete,
  detailsUpdated,
  forgotFailed,
  loginFailed,
  mustAgree,
  networkError,
  noChanges,
  passwordsDoNotMatch,
  registrationFailed,
  resetFailed,
  resetMismatch,
  resetNoTokenToast,
  sessionExpired,
} from '#messages/accounts.ts';

/** Texts of the account pages that the browser needs (the specification's, word for word). Browser-safe. */
export const MSG = {
  invalidEmail: ACCOUNT_MESSAGES.invalidEmail,
  registered: ACCOUNT_MESSAGES.registered,
  resetRequested: ACCOUNT_MESSAGES.resetRequested,
  resetMissingToken: ACCOUNT_MESSAGES.resetMissingToken,
  resetInvalidLink: ACCOUNT_MESSAGES.resetInvalidLink,
  resetShortPassword: ACCOUNT_MESSAGES.shortPassword,
  resetDone: ACCOUNT_MESSAGES.resetDone,
  loginFailed,
  registrationFailed,
  passwordsDoNotMatch,
  mustAgree,
  forgotFailed,
  networkError,
  resetNoTokenToast,
  resetMismatch,
  resetFailed,
  sessionExpired,
  signedOutEverywhere: ACCOUNT_MESSAGES.signedOutEverywhere,
  noChanges,
  detailsUpdated,
  confirmDelete,
  accountDeleted,
} as const;

/** Spec section 9: the reset and forgot-password success toasts stay 5 seconds. */
export const LONG_TOAST_MS = 5000;
