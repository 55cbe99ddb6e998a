/**
 * What a seller is told about an M-Pesa Express payment (kernel/mpesa-results.ts): the waiting
 * page's heading and one message per Daraja result. English: imported by kernel/mpesa-results.ts
 * by path for the reason the server stores with a payment (always English), and as
 * `#messages/mpesa.ts` by the pages, which show the reason in their language.
 */
export const waitingHeading = 'Check your phone and enter your M-Pesa PIN';
export const pushUnanswered =
  'M-Pesa did not answer our request. If a prompt reached your phone and you paid, your ad is featured as soon as M-Pesa confirms it; otherwise try again.';
export const paid = 'Paid.';
export const balance = 'Your M-Pesa balance was not enough for 200 KES. Top up your M-Pesa account and try again.';
export const cancelled = 'You cancelled the M-Pesa prompt. Nothing was paid. Try again when you are ready.';
export const unreachable = 'We could not reach your phone. Check that it is on, unlocked and has network, then try again.';
export const timedOut = 'The M-Pesa prompt timed out before the PIN was entered. Try again and enter your PIN within a minute.';
export const wrongPin = 'The M-Pesa PIN was wrong. Nothing was paid. Try again and enter your M-Pesa PIN carefully.';
export const expired = 'The M-Pesa prompt expired before it was answered. Try again.';
export const phoneBusy = 'Your phone is busy with another M-Pesa payment. Wait a minute, then try again.';
export const busy = 'M-Pesa is busy right now. Wait a minute, then try again.';
export const notSent = 'M-Pesa could not send the prompt to your phone. Try again.';
/** "M-Pesa did not complete the payment (code 1234). Try again, ...": before and after the code. */
export const otherBefore = 'M-Pesa did not complete the payment (code ';
export const otherAfter = '). Try again, or pay by card or M-Pesa through Flutterwave.';
