/** The Terms of Service (app/routes/help/terms.tsx), a legal text. English: the specification's words, cut around links and the e-mail address. */

export const title = 'Terms of Service';
export const description = 'The rules for using Soko, the Kenyan classifieds marketplace: accounts, what you may post, featuring fees, dealing with other users and our responsibilities.';
export const lead = 'These terms are the agreement between you and Soko when you use the website and its services. Please read them; by using Soko you accept them.';

export const whatHeading = '1. What Soko is';
export const what = 'Soko is an online classifieds marketplace where people in Kenya advertise items, property, vehicles, jobs and services, and where buyers find and contact them. Soko is not a party to any deal between users: we do not own, sell, inspect, deliver or guarantee the items advertised, and we do not hold payments for them.';

export const accountHeading = '2. Your account';
export const account1 = 'You must be at least 18 years old to create an account and post ads.';
export const account2 = 'Give true details about yourself, and keep your e-mail address and phone number current.';
export const account3 = 'Keep your password to yourself. You are responsible for what is done with your account.';
export const account4 = 'One person, one account. Accounts may not be sold or transferred.';
export const account5 = 'You can delete your account at any time in My Details, under Danger Zone (see';
export const accountSettings = 'Account settings';

export const postingHeading = '3. Posting ads';
export const postingIntro = 'When you post an ad, you confirm that:';
export const posting1 = 'you have the right to sell or offer what you advertise, and it is described honestly, including its faults;';
export const posting2 = 'the price is the real price, and the photos are of the actual item (or you have the right to use them);';
export const posting3 = 'the ad is in the right category, and you post each item once rather than repeating it.';
export const forbiddenIntro = 'You may not advertise:';
export const forbidden1 = 'stolen goods, or goods whose ownership you cannot prove (for example a vehicle without its logbook);';
export const forbidden2 = 'counterfeit or pirated goods;';
export const forbidden3 = 'firearms, ammunition, explosives and other weapons;';
export const forbidden4 = 'narcotic drugs, prescription-only medicines and unregistered medical products;';
export const forbidden5 = 'wildlife and wildlife products, such as ivory, rhino horn, bushmeat and live protected species;';
export const forbidden6 = 'forged or official documents, such as IDs, certificates, permits and number plates;';
export const forbidden7 = 'personal data, SIM cards registered to someone else, or access to other people’s accounts;';
export const forbidden8 = 'adult sexual services or content, and anything that promotes hate or violence;';
export const forbidden9 = 'job ads that charge applicants a fee, pyramid schemes and “get rich quick” offers;';
export const forbidden10 = 'anything else that is illegal to sell or advertise in Kenya.';
export const removal = 'We may edit the category of, hide or remove any ad that breaks these rules or that users report as fraudulent, and suspend or close accounts that do so repeatedly. Where we can, we tell you why.';

export const paymentsHeading = '4. Featuring and payments';
export const payments1 = 'Posting ads is free. Featuring an ad costs 200 Ksh for one week (7 days) from when the payment is confirmed.';
export const payments2 = 'Payments are processed by Flutterwave, by M-Pesa or card. Soko does not receive or store your card details or M-Pesa PIN.';
export const payments3 = 'The fee buys placement, not a sale: we do not promise any number of views or buyers. If your ad is removed for breaking these terms, the fee is not refunded.';
export const payments4 = 'If you were charged and your ad was not featured, contact us within 30 days with the transaction reference and we will feature the ad or refund you.';

export const usersHeading = '5. Dealing with other users';
export const users1 = 'Agreements are between buyer and seller. Meet safely, inspect before you pay, and follow our';
export const safeTradingGuide = 'safe trading guide';
export const users2 = '. Use the contact details you see on Soko only to deal about the ad: not for marketing, spam or harassment. Copying ads or phone numbers from Soko with automated tools is not allowed.';

export const contentHeading = '6. Your content';
export const content = 'You keep ownership of the text and photos you post. You allow Soko to store, resize, display and promote them on Soko for as long as the ad is online. When you delete an ad or your account, we delete its text and photos.';

export const responsibilityHeading = '7. Our responsibility';
export const responsibility = 'We work to keep Soko available, fast and free of fraud, and we act on reports. But because we are not part of the deals made on Soko, we are not responsible for the quality, safety, legality or delivery of advertised items, for the truth of ads, or for what users do. Nothing in these terms limits rights you have under the Consumer Protection Act, 2012 or other Kenyan law that cannot be limited by agreement.';

export const privacyHeading = '8. Privacy';
export const privacy = 'How we collect and use personal data, and your rights under the Data Protection Act, 2019, are explained in our';
export const privacyPolicy = 'Privacy Policy';

export const changesHeading = '9. Changes and law';
export const changes = 'We may update these terms as the service changes; we tell registered users about important changes by e-mail before they take effect. These terms are governed by the laws of Kenya, and the courts of Kenya have jurisdiction over any dispute.';

export const contactHeading = '10. Contact';
export const contact1 = 'Questions about these terms: ';
export const contact2 = ' or the';
export const contactForm = 'contact form';
