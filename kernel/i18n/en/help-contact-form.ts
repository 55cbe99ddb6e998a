/**
 * The contact form (app/routes/help/contact-form.tsx). English: the specification's words; the
 * form's checks and the confirmation are the server's (server/contact/contact.ts), shown as they are.
 */

export const title = 'Contact us';
export const description = 'Send a message to the Soko support team: questions about ads, payments, your account, or reporting a suspicious ad.';
export const intro = 'Ask a question, tell us about a problem with a payment or your account, or report a suspicious ad (paste its link into the message). We reply by e-mail within one working day. You can also write to';
export const yourName = 'Your name';
export const emailAddress = 'E-mail address';
export const subject = 'Subject';
export const message = 'Message';
export const messageHint = 'If you would like a call back, include your phone number. Never send us your password or M-Pesa PIN.';
export const sendingLabel = 'Sending...';
export const sendMessage = 'Send message';

export const sentHeading = 'Message sent';
export const replyGoesTo = 'Our reply goes to the e-mail address you gave. Meanwhile, the ';
export const faq = 'frequently asked questions';
export const mayHaveAnswer = ' may already have your answer.';
export const goHome = 'Go to Home';
export const backToHelp = 'Back to Help & Contact';

/**
 * The server's words for the confirmation and a failed check, in this build's language. English
 * shows the server's own text (server/contact/contact.ts: the specification's words); Swahili
 * puts its own in place of each text it knows.
 */
export const serverText = (p: { text: string }) => p.text;
