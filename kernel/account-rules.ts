import {
  invalidEmail,
  longPasswordAfter,
  longPasswordBefore,
  registered,
  resetDone,
  resetInvalidLink,
  resetMissingToken,
  resetRequested,
  shortPasswordAfter,
  shortPasswordBefore,
  signedOutEverywhere,
} from '#messages/accounts.ts';

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

/** The texts are the language's catalog (kernel/i18n/<language>/accounts.ts): English in the server process. */
export const ACCOUNT_MESSAGES = {
  invalidEmail,
  shortPassword: `${shortPasswordBefore}${MIN_PASSWORD_LENGTH}${shortPasswordAfter}`,
  longPassword: `${longPasswordBefore}${MAX_PASSWORD_LENGTH}${longPasswordAfter}`,
  registered,
  resetRequested,
  resetMissingToken,
  resetInvalidLink,
  resetDone,
  signedOutEverywhere,
} as const;
