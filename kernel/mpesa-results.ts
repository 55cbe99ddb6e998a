/**
 * What a seller is told about an M-Pesa Express payment: the waiting page's words and one clear
 * message per Daraja result code (reference/payment-providers.md 2.5). The server stores the
 * message with the payment; the pages show it with a way to try again.
 */

export const MPESA_WAITING_HEADING = 'Check your phone and enter your M-Pesa PIN';

export const MPESA_PUSH_UNANSWERED =
  'M-Pesa did not answer our request. If a prompt reached your phone and you paid, your ad is featured as soon as M-Pesa confirms it; otherwise try again.';

/** Codes whose failure is the customer's choice rather than a fault. */
export const MPESA_CANCELLED_CODES: readonly number[] = [1031, 1032];

export function mpesaResultMessage(code: number, desc = ''): string {
  switch (code) {
    case 0:
      return 'Paid.';
    case 1:
      return 'Your M-Pesa balance was not enough for 200 KES. Top up your M-Pesa account and try again.';
    case 1031:
    case 1032:
      return 'You cancelled the M-Pesa prompt. Nothing was paid. Try again when you are ready.';
    case 1037:
      // Daraja gives one code for both: the phone never got the prompt, or nobody answered it in time.
      return /reach/i.test(desc)
        ? 'We could not reach your phone. Check that it is on, unlocked and has network, then try again.'
        : 'The M-Pesa prompt timed out before the PIN was entered. Try again and enter your PIN within a minute.';
    case 2001:
      return 'The M-Pesa PIN was wrong. Nothing was paid. Try again and enter your M-Pesa PIN carefully.';
    case 1019:
      return 'The M-Pesa prompt expired before it was answered. Try again.';
    case 1001:
      return 'Your phone is busy with another M-Pesa payment. Wait a minute, then try again.';
    case 17:
    case 26:
      return 'M-Pesa is busy right now. Wait a minute, then try again.';
    case 1025:
    case 9999:
      return 'M-Pesa could not send the prompt to your phone. Try again.';
    default:
      return `M-Pesa did not complete the payment (code ${code}). Try again, or pay by card or M-Pesa through Flutterwave.`;
  }
}
