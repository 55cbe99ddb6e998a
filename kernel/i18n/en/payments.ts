/**
 * Featuring an ad and its payment pages (app/routes/payments/, app/components/payments/).
 * English: the specification's words. Imported as `#messages/payments.ts`, named imports only
 * (docs/decisions/swahili-i18n.md). The M-Pesa result messages are in mpesa.ts.
 */

export const oneWeek = 'one week';

// Feature Ad button and its dialog
export const featureAd = 'Feature Ad';
export const emailNotFound = 'User email not found. Cannot initiate payment.';
export const failedToInitiate = 'Failed to initiate payment.';
export const featureYourAd = 'Feature Your Ad?';
/** "Featuring <b>title</b> costs <b>200 Ksh</b> and shows it first, with a Featured badge, for <b>one week</b>." */
export const featuringBefore = 'Featuring ';
export const costs = ' costs ';
export const kshAfter = ' Ksh';
export const showsFirstFor = ' and shows it first, with a Featured badge, for ';
export const featuringAfter = '.';
export const payOnProviderPage = "You pay on the payment provider's secure page, by M-Pesa or card.";
export const orPromptOnPhone = 'Or get the prompt on your phone:';
export const payWithMpesa = 'Pay with M-Pesa';
export const cancel = 'Cancel';
export const redirecting = 'Redirecting...';
export const payNow = 'Pay Now';
export const mustBeLoggedIn = 'You must be logged in to feature an ad.';
export const noRedirectUrl = 'Payment initiated, but no redirect URL received from the server...';
export const redirectingToGateway = 'Redirecting to payment gateway...';

// M-Pesa phone form
export const mpesaPhoneNumber = 'M-Pesa phone number';
/** "Send the prompt for 200 KES": before and after the fee. */
export const sendPromptBefore = 'Send the prompt for ';
export const kesAfter = ' KES';
export const payOnFlutterwave = 'Pay by card or M-Pesa on Flutterwave instead';

// Payment actions
export const viewListing = 'View Listing';
export const manageAds = 'Manage Ads';
export const goHome = 'Go to Home';

// Pay with M-Pesa page
export const mpesaStartTitle = 'Pay with M-Pesa | Soko';
/** "... for one week. We send a prompt to your phone from Soko Ltd; you enter your M-Pesa PIN there." */
export const forWord = ' for ';
export const promptBefore = '. We send a prompt to your phone';
export const fromBefore = ' from ';
export const promptAfter = '; you enter your M-Pesa PIN there.';
export const mpesaUnavailable = 'M-Pesa payments are not available right now. Please pay with Flutterwave.';
export const backToManageAds = 'Back to Manage ads';

// M-Pesa waiting page
export const paymentNotFound = 'Payment not found.';
export const notCompletedHeading = 'M-Pesa payment not completed';
export const notCompletedMessage = 'The payment was not completed.';
/** "Pay <b>KES 1,000</b> to <b>Soko Ltd</b>" */
export const payBefore = 'Pay ';
export const toWord = ' to ';
/** "We sent the prompt to 0712 345 678. Unlock ...": before and after the number. */
export const sentPromptBefore = 'We sent the prompt to ';
export const sentPromptAfter = '. Unlock your phone and enter your PIN within a minute. This page follows the payment by itself.';
export const sandboxNote = 'Sandbox \u2014 no phone rings. ';
export const openSimulatedPhone = 'Open the simulated phone';
export const checkAgain = 'Check again';
export const notFeaturedTryAgain = 'Your ad has not been featured. Try again:';
export const tryAgain = 'Try again';

// Payment pending
export const pendingTitle = 'Confirming your payment | Soko';
export const pendingHeading = "We're confirming your payment";
export const pendingText = 'This usually takes a few seconds, but M-Pesa can take a few minutes. This page updates by itself; you can also leave it; your ad is featured as soon as the payment is confirmed.';
export const transactionReferenceBefore = 'Transaction reference: ';

// Payment success
export const successTitle = 'Payment Successful! | Soko';
export const successHeading = 'Payment Successful!';
export const successText = 'Thank you. Your payment has been received and your ad is now featured.';
export const listingId = 'Listing ID';
export const transactionReference = 'Transaction reference';
export const notAvailable = 'N/A';
/** "Your ad will get increased visibility for <b>1 week</b>." */
export const visibilityBefore = 'Your ad will get increased visibility for ';
export const visibilityWeek = '1 week';
export const visibilityAfter = '.';

// Payment failure
export const failureTitle = 'Payment Failed | Soko';
export const failureHeading = 'Payment Failed';
export const failureText = 'Your ad has not been featured. If money left your account, please contact support.';
export const reason = 'Reason';
export const status = 'Status';

/** "200 KES" in a sentence (the Pay with M-Pesa page): after the fee. */
export const kesUnitAfter = ' KES';
/** "KES 1,000" (the waiting page): before the amount. */
export const kesBefore = 'KES ';
