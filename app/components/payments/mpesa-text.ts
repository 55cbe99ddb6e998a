import { mpesaResult, mpesaResultMessage, MPESA_PUSH_UNANSWERED } from '#kernel/mpesa-results.ts';
import { balance, busy, cancelled, expired, notSent, otherAfter, otherBefore, paid, phoneBusy, pushUnanswered, timedOut, unreachable, wrongPin } from '#messages/mpesa.ts';

/**
 * Why an M-Pesa payment did not go through, in the page's language: from Daraja's result code
 * when the payment has one, else the reason the server stored (always English,
 * kernel/mpesa-results.ts), translated when it is one of ours. A reason the server gave for
 * something else (a wrong amount, another shortcode) is shown as it was stored.
 */
export function mpesaReasonText(code: number | null, desc: string | null, stored: string): string {
  if (stored === MPESA_PUSH_UNANSWERED) return pushUnanswered;
  if (code === null || stored !== mpesaResultMessage(code, desc ?? '')) return stored;
  switch (mpesaResult(code, desc ?? '')) {
    case 'paid':
      return paid;
    case 'balance':
      return balance;
    case 'cancelled':
      return cancelled;
    case 'unreachable':
      return unreachable;
    case 'timedOut':
      return timedOut;
    case 'wrongPin':
      return wrongPin;
    case 'expired':
      return expired;
    case 'phoneBusy':
      return phoneBusy;
    case 'busy':
      return busy;
    case 'notSent':
      return notSent;
    case 'other':
      return `${otherBefore}${code}${otherAfter}`;
  }
}
