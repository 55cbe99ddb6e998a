/** The Privacy Policy (app/routes/help/privacy.tsx), a legal text. English: the specification's words, cut around links, the e-mail address and bold words. */

export const title = 'Privacy Policy';
export const description = 'What personal data Soko collects, why, who sees it, how long we keep it, and your rights under the Kenya Data Protection Act, 2019, including how to delete your account.';
export const lead = 'We collect only what we need to run the marketplace, we do not sell your data, and you can see, correct or delete it at any time.';
/** "…write to support@…." */
export const controller = 'Soko is the data controller for the personal data described here, and we process it in line with Kenya’s Data Protection Act, 2019. For any privacy question or request, write to ';

export const collectHeading = 'What we collect';
export const yourAccount = 'Your account';
export const yourAccountText = ': first and last name, e-mail address, phone number, location and, if you add them, address, city and country. Your password is stored only as a one-way hash: nobody at Soko can read it.';
export const yourAds = 'Your ads';
export const yourAdsText = ': the text, price, location and photos you post. We remove hidden data such as GPS coordinates from photos before publishing them.';
export const payments = 'Payments for featuring';
export const paymentsText = ': the amount, status and transaction reference. Card and M-Pesa details are handled by Flutterwave; we never see your card number or PIN.';
export const support = 'Messages to support';
export const supportText = ': your name, e-mail address and what you write in the contact form.';
export const technical = 'Technical data';
export const technicalText = ': your IP address and the pages requested, kept in short-lived security logs to stop abuse such as password guessing and spam.';
export const cookies = 'We use one cookie, to keep you signed in, and your browser stores your light or dark theme choice. We use no advertising or tracking cookies.';

export const whyHeading = 'Why we use it';
export const why1 = 'To run your account and publish your ads (this is needed to provide the service you asked for).';
export const why2 = 'To let buyers contact you: your phone number is shown only to someone who taps Show phone number on your ad.';
export const why3 = 'To process featuring payments and keep the records the law requires.';
export const why4 = 'To answer your messages and send account e-mails such as password reset links.';
export const why5 = 'To keep Soko safe: preventing fraud, spam and attacks (our legitimate interest, and yours).';

export const whoHeading = 'Who can see it';
export const who1 = 'Everyone can see your ads and the seller details shown with them (your name, when you joined and how many ads you have), as a marketplace needs.';
export const who2 = 'Service providers who work for us under contract: Flutterwave for payments and our e-mail and hosting providers. They may use your data only to provide their service to us.';
export const who3 = 'Authorities, when Kenyan law requires it, for example a court order or a police investigation of fraud.';
export const neverSell = 'We never sell your personal data or share it for other companies’ marketing.';

export const keepHeading = 'How long we keep it';
export const keep1 = 'Your account and ads: until you delete them.';
export const keep2 = 'Payment records: as long as Kenyan tax law requires (normally five years); after you delete your account they are no longer linked to it.';
export const keep3 = 'Support messages: up to two years, so we can follow up on reports.';
export const keep4 = 'Security logs: a few weeks.';

export const rightsHeading = 'Your rights under the Data Protection Act, 2019';
export const rightsIntro = 'As a data subject you have the right to:';
export const informed = 'be informed';
export const informedText = ' of how your data is used (this page);';
export const access = 'access';
export const accessText = ' the personal data we hold about you and get a copy of it;';
export const correction = 'correction';
export const correctionText = ' of data that is wrong or out of date: most of it you can fix yourself in My Details;';
export const deletion = 'deletion';
export const deletionText = ' of your data: delete your ads in Manage my Ads, or your whole account as shown below;';
export const object = 'object';
export const objectText = ' to our processing of your data, including for direct marketing (we do not send any);';
export const portability = 'data portability';
export const portabilityText = ': to receive your data in a structured, machine-readable format and have it sent to another service.';
/** "…e-mail support@… from the address…" */
export const useRight = 'To use a right that you cannot use yourself in My Details, e-mail ';
export const useRightAfter = ' from the address on your account. We reply within 7 days and may ask you to confirm it is you. There is no charge.';

export const deleteTitle = 'How to delete your account';
export const delete1 = 'Sign in, open ';
export const myDetails = 'My Details';
export const delete2 = ' from the menu, scroll to the ';
export const dangerZone = 'Danger Zone';
export const delete3 = ' and tap';
export const deleteMyAccount = 'Delete My Account';
export const delete4 = ', then confirm. Your profile, ads and photos are deleted and you are signed out everywhere. This cannot be undone. More in ';
export const accountSettings = 'Account settings';

export const complaintsHeading = 'Complaints';
export const complaints1 = 'If you are not happy with how we handled your data or a request, please tell us first at ';
export const complaints2 = '. You also have the right to complain to the ';
export const odpc = 'Office of the Data Protection Commissioner (ODPC)';
export const complaints3 = ', Kenya’s data protection authority, at ';

export const securityHeading = 'Security';
export const security = 'Connections to Soko are encrypted, passwords are hashed with a slow, modern algorithm, sign-in is protected against guessing, and access to personal data inside Soko is limited to what each task needs.';
export const childrenHeading = 'Children';
export const children = 'Soko is not meant for anyone under 18, and we do not knowingly collect data about children.';
export const changesHeading = 'Changes';
export const changes = 'If we change this policy in a way that matters, we will tell registered users by e-mail before the change applies. See also our ';
export const termsOfService = 'Terms of Service';
