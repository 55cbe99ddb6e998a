/** Verifying a seller's phone by SMS code (issue 19): the numbers and messages both sides use. Browser-safe. */
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_MINUTES = 10;
export const MAX_PHONE_CODE_ATTEMPTS = 5;

export const PHONE_VERIFY_MESSAGES = {
  sent: (phone: string) => `We sent a ${PHONE_CODE_LENGTH}-digit code to ${phone}. It expires in ${PHONE_CODE_MINUTES} minutes.`,
  verified: 'Your phone number is verified. Buyers now see "Verified phone" on your ads.',
  noPhone: 'Add your phone number in My details first.',
  alreadyVerified: 'Your phone number is already verified.',
  unavailable: 'Phone verification is not available right now. Please try again later.',
  badNumber: (phone: string) => `We could not send a text to ${phone}. Please check the number in My details.`,
  notSent: 'We could not send the code just now. Please try again in a few minutes.',
  codeFormat: `Enter the ${PHONE_CODE_LENGTH}-digit code from the text message.`,
  expired: 'That code has expired or was never sent. Please ask for a new one.',
  numberChanged: 'Your number has changed since the code was sent. Please ask for a new one.',
  tooManyAttempts: 'Too many wrong codes. Please ask for a new one.',
  wrongCode: (left: number) => `That code is not right. You have ${left} ${left === 1 ? 'try' : 'tries'} left.`,
} as const;
