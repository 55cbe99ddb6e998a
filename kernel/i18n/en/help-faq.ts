/**
 * The FAQ page (app/routes/help/faq.tsx). English: the specification's words. A paragraph with a
 * link or a bold word is cut into its parts in the page's order (`…Before`, the link's text, `…After`).
 */

export const title = 'Frequently asked questions';
export const description = 'Answers to common questions about buying and selling on Soko: posting ads, photos, featuring for 200 Ksh, M-Pesa payments, safety and your account.';
export const lead = "Short answers to what buyers and sellers ask us most. Can't find yours? Send us a message.";
export const buying = 'Buying';
export const selling = 'Selling';
export const featuring = 'Featuring and payments';
export const account = 'Your account';
export const safety = 'Safety';

export const costQ = 'Does it cost anything to use Soko?';
export const costA = 'No. Browsing, searching, contacting sellers and posting ads are free. The only paid option is featuring an ad (200 Ksh for one week), and that is always your choice.';
export const contactQ = 'How do I contact a seller?';
export const contactA1 = 'Open the ad and tap ';
export const showPhone = 'Show phone number';
export const contactA2 = ' to call or text the seller, or use the WhatsApp button to start a chat with a greeting and the ad’s title already written for you.';
export const paymentQ = 'Does Soko take payment for items?';
export const paymentA = 'No. You deal with the seller directly and Soko never holds money for a purchase. Anyone who says you must pay “through Soko” or pay a “Soko delivery deposit” is trying to trick you. Pay only after you have seen and checked the item: see ';
export const safeTrading = 'Safe trading';
export const negotiableQ = 'What does “Price negotiable” mean?';
export const negotiableA = 'The seller did not set a price. Ask them for one, and agree on it before you travel to see the item.';
export const nearQ = 'How do I find ads near me?';
export const nearA1 = 'Type a town or estate in the ';
export const locationBox = 'Location';
export const nearA2 = ' box of the search bar, for example Nakuru or Kilimani, with or without a search term. You can also browse a category from the bar under the header.';

export const postQ = 'How do I post an ad?';
export const postA1 = 'Tap ';
export const postAd = 'Post an ad';
export const postA2 = ', sign in (or create a free account), then fill in the title, category, price, location and description, and add at least one photo. The full walk-through is in';
export const postingAds = 'Posting ads';
export const photosQ = 'How many photos can I add?';
export const photosA = 'Up to 10 photos per ad, each up to 10 MB, in JPEG, PNG, WebP, AVIF or GIF. We remove hidden data such as the GPS location from your photos before they are published, and make smaller copies so buyers on mobile data can load them quickly.';
export const changeQ = 'How do I change or remove my ad?';
export const changeA1 = 'Open ';
export const manageMyAds = 'Manage my Ads';
export const changeA2 = ' from the menu. Each ad has buttons to view, edit and delete it. Please delete an ad as soon as the item is sold, so buyers stop calling you.';
export const locationQ = 'Why does my ad show my location?';
export const locationA = 'Buyers want to know how far they would travel. A town or neighbourhood is enough; never put your exact home address in an ad.';

export const featuredQ = 'What is a featured ad?';
export const featuredA1 = 'A featured ad carries a ';
export const featured = 'Featured';
export const featuredA2 = ' badge, appears before ordinary ads in the listings and can be shown in Featured Listings on the home page, so more buyers see it. Featuring costs ';
export const featuredPrice = '200 Ksh for one week';
export const payQ = 'How do I pay for featuring?';
export const payA1 = 'In ';
export const payA2 = ', tap ';
export const featureAd = 'Feature Ad';
export const payA3 = ' on the ad, then ';
export const payNow = 'Pay Now';
export const payA4 = '. You are taken to Flutterwave’s secure checkout, where you pay with M-Pesa or a card. Soko never sees your card number or your M-Pesa PIN.';
export const mpesaA1 = 'Or tap ';
export const payWithMpesa = 'Pay with M-Pesa';
export const mpesaA2 = ': type your M-Pesa number, and a prompt for 200 Ksh appears on your phone. Enter your M-Pesa PIN there; the page moves on by itself once M-Pesa confirms the payment. If you cancel, the prompt times out or the PIN is wrong, the page says so and you can try again.';
export const paidQ = 'I paid but my ad is not featured';
export const paidA1 = 'Featuring starts as soon as the payment is confirmed, usually within a minute. If the checkout said the payment succeeded and your ad is still not featured after an hour, ';
export const sendUsAMessage = 'send us a message';
export const paidA2 = ' with the transaction reference shown on the Payment Successful page, or the M-Pesa confirmation code.';
export const againQ = 'Can I feature the same ad again?';
export const againA1 = 'Yes. When the week is over the ';
export const againA2 = ' button appears again in Manage my Ads and you can feature the ad for another week.';

export const forgotQ = 'I forgot my password';
export const forgotA1 = 'Use ';
export const forgotPassword = 'Forgot password';
export const forgotA2 = ' on the login page. We e-mail you a link that works once, for one hour. Check your spam folder if it does not arrive within a few minutes.';
export const detailsQ = 'How do I change my name, e-mail or phone number?';
export const detailsA1 = 'Open ';
export const myDetails = 'My Details';
export const detailsA2 = ' from the menu. Details are in ';
export const accountSettings = 'Account settings';
export const hiddenQ = 'Why is my phone number hidden on my ads?';
export const hiddenA = 'Your number is sent only when a buyer taps Show phone number on your ad. This keeps it away from the robots that copy numbers from websites for spam.';
export const deleteQ = 'How do I delete my account?';
export const deleteA1 = 'Go to ';
export const deleteA2 = ', scroll to the ';
export const dangerZone = 'Danger Zone';
export const deleteA3 = ' and tap ';
export const deleteMyAccount = 'Delete My Account';
export const deleteA4 = '. Your ads are deleted with it. This cannot be undone.';

export const depositQ = 'A seller wants a deposit before I see the item. Should I pay?';
export const depositA1 = 'No. Never send money for something you have not seen. This is the most common way people lose money on classifieds sites. Read ';
export const depositA2 = ' for the scams to watch for.';
export const reportQ = 'How do I report a suspicious ad or user?';
export const reportA = ' with the link to the ad and what happened. We check every report. If you have lost money, also report it at the nearest police station and call Safaricom on 100 if M-Pesa was used.';
export const sendUsAMessageCap = 'Send us a message';
