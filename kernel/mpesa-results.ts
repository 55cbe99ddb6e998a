/**
 * What a seller is told about an M-Pesa Express payment: one clear message per Daraja result code (reference/payment-providers.md 2.5). The server stores the
 * message with the payment, in English whichever page build runs the check (the English catalog
 * by path: a stored text must not follow the build's language); the pages show the reason in
 * their own language from the result (`mpesaResult`) and `#messages/mpesa.ts`
 * (app/components/payments/mpesa-text.ts), where the waiting page's heading is too.
 */
import * as en from './i18n/en/mpesa.ts';

export const MPESA_PUSH_UNANSWERED = en.pushUnanswered;

/** Codes whose failure is the customer's choice rather than a fault. */
export const MPESA_CANCELLED_CODES: readonly number[] = [1031, 1032];

/** What a Daraja result code means for the seller: the name of its message in kernel/i18n/<language>/mpesa.ts ('other': none, the code is shown). */
type MpesaResult = 'paid' | 'balance' | 'cancelled' | 'unreachable' | 'timedOut' | 'wrongPin' | 'expired' | 'phoneBusy' | 'busy' | 'notSent' | 'other';

export function mpesaResult(code: number, desc = ''): MpesaResult {
  switch (code) {
    case 0:
      return 'paid';
    case 1:
      return 'balance';
    case 1031:
    case 1032:
      return 'cancelled';
    case 1037:
      // Daraja gives one code for both: the phone never got the prompt, or nobody answered it in time.
      return /reach/i.test(desc) ? 'unreachable' : 'timedOut';
    case 2001:
      return 'wrongPin';
    case 1019:
      return 'expired';
    case 1001:
      return 'phoneBusy';
    case 17:
    case 26:
      return 'busy';
    case 1025:
    case 9999:
      return 'notSent';
    default:
      return 'other';
  }
}

/** The stored reason (English: the server's record of the payment). */
export function mpesaResultMessage(code: number, desc = ''): string {
  const result = mpesaResult(code, desc);
  return result === 'other' ? `${en.otherBefore}${code}${en.otherAfter}` : en[result];
}
