/** The account-settings guide (app/routes/help/guides.account-settings.tsx). English: the specification's words, cut around links and bold words. */

export const metaTitle = 'Guide: account settings';
export const description = 'How to change your name, e-mail, location and phone number in My Details, change your password with Forgot password, and delete your Soko account.';
export const title = 'Account settings';
export const lead = 'Everything about your Soko account is in My Details, which you open from the menu once you are signed in.';

export const detailsHeading = 'Change your details';
export const details1 = 'Open the menu and choose ';
export const myDetails = 'My Details';
export const details2a = 'Tap ';
export const editContactDetails = 'Edit contact details';
export const details2b = '. You can change your first name, last name, e-mail, location and contact number. If you have no number yet, tap ';
export const addContactNumber = 'Add contact number';
export const details3a = 'Tap ';
export const saveChanges = 'Save Changes';
export const details3b = ', or ';
export const cancel = 'Cancel';
export const details3c = ' to go back to your saved details.';
export const phoneFormat = 'Write your phone number in international format with the country code, e.g. +254 712 345 678. It is the number buyers reach when they tap Show phone number or WhatsApp on your ads, so keep it current.';

export const passwordHeading = 'Change your password';
export const passwordIntro = 'You change your password through the secure reset link, so it also works if you have forgotten the old one:';
export const password1a = 'On the login page tap ';
export const forgotPassword = 'Forgot password';
export const password1b = ' (or go straight to';
export const password2 = 'Enter the e-mail address of your account. We send you a reset link.';
export const password3 = 'Open the link within one hour; it works only once.';
export const password4 = 'Choose a new password of at least 8 characters and confirm it.';
export const strongTitle = 'Tips for a strong password';
export const strongText = 'Use a long phrase you do not use anywhere else, not your phone number or your name. Resetting your password signs you out on every device, so if you think someone else has used your account, reset it straight away.';

export const deleteHeading = 'Delete your account';
export const delete1a = 'Open ';
export const delete1b = ' and scroll down to the ';
export const dangerZone = 'Danger Zone';
export const delete2a = 'Tap ';
export const deleteMyAccount = 'Delete My Account';
export const delete2b = ' and confirm.';
export const deleteText = 'Your profile and all your ads and photos are deleted and you are signed out. This cannot be undone, so if you only want a break, you can delete your ads instead from Manage my Ads. What we keep after deletion, and why, is explained in our ';
export const privacyPolicy = 'Privacy Policy';

export const stuckHeading = 'Still stuck?';
export const stuck1 = 'If you cannot log in or your e-mail address no longer works, ';
export const sendUsAMessage = 'send us a message';
export const stuck2 = ' from any e-mail address and tell us the name and phone number on the account.';
