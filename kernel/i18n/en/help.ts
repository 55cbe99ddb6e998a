/**
 * Texts shared by the help pages, and the Help & Contact page (English: the specification's
 * words). Imported as `#messages/help.ts`, named imports only (docs/decisions/swahili-i18n.md).
 * A sentence around a link or a bold word is cut into its parts, in the page's order.
 */

/** SampleNotice: "Sample page: these job ads are examples…". */
export const samplePage = 'Sample page:';
export const breadcrumb = 'Breadcrumb';
export const onThisPage = 'On this page';
export const goodToKnow = 'Good to know';

export const title = 'Help & Contact';
export const description = 'Answers, step-by-step guides and how to reach Soko support by e-mail, phone or the contact form.';
export const lead = 'Find an answer quickly, or talk to the Soko team.';
export const phoneHours = 'Monday-Friday 9 AM-5 PM EAT';
export const topics = 'Help topics';
export const topicFaq = 'Frequently asked questions';
export const topicFaqText = 'Quick answers about ads, prices, featuring, payments and your account.';
export const topicPosting = 'Posting ads';
export const topicPostingText = 'Write an ad that sells: photos, price, description, and featuring for 200 Ksh.';
export const topicSafe = 'Safe trading';
export const topicSafeText = 'Meet safely, check before you pay, and spot fake M-Pesa messages and other scams.';
export const topicAccount = 'Account settings';
export const topicAccountText = 'Change your details or password, or delete your account.';
export const newToSoko = 'New to Soko? Read ';
export const howSokoWorks = 'how Soko works';
export const contactUs = 'Contact us';
export const email = 'E-mail';
export const emailReply = 'We reply within one working day.';
export const phone = 'Phone';
export const phoneCallBack = 'Want a call back? Put your phone number in the contact form and we will ring you during these hours.';
export const contactForm = 'Contact form';
export const contactFormText = 'Tell us what happened and include the link to the ad if it is about one.';
export const openContactForm = 'Open the contact form';
export const staffNeverAsk = 'Soko staff will never ask for your password, your M-Pesa PIN or a payment to “unlock” your account.';
