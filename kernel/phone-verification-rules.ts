/** Verifying a seller's phone by SMS code (issue 19): the numbers and messages both sides use. Browser-safe. */
import {
  alreadyVerified,
  badNumberAfter,
  badNumberBefore,
  codeExpired,
  codeFormatAfter,
  codeFormatBefore,
  codeSentAfter,
  codeSentBefore,
  codeSentDigits,
  codeSentExpires,
  noPhone,
  notSent,
  numberChanged,
  phoneVerified,
  tooManyAttempts,
  verifyUnavailable,
  wrongCodeAfter,
  wrongCodeBefore,
  wrongCodeTries,
  wrongCodeTry,
} from '#messages/accounts.ts';

export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_MINUTES = 10;
export const MAX_PHONE_CODE_ATTEMPTS = 5;

/** The page texts are the language's catalog (kernel/i18n/<language>/accounts.ts): English in the server process. */
export const PHONE_VERIFY_MESSAGES = {
  sent: (phone: string) => `${codeSentBefore}${PHONE_CODE_LENGTH}${codeSentDigits}${phone}${codeSentExpires}${PHONE_CODE_MINUTES}${codeSentAfter}`,
  verified: phoneVerified,
  noPhone,
  alreadyVerified,
  unavailable: verifyUnavailable,
  badNumber: (phone: string) => `${badNumberBefore}${phone}${badNumberAfter}`,
  notSent,
  codeFormat: `${codeFormatBefore}${PHONE_CODE_LENGTH}${codeFormatAfter}`,
  expired: codeExpired,
  numberChanged,
  tooManyAttempts,
  wrongCode: (left: number) => `${wrongCodeBefore}${left} ${left === 1 ? wrongCodeTry : wrongCodeTries}${wrongCodeAfter}`,
} as const;
