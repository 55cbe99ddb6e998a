/** The How Soko works page (app/routes/help/how-it-works.tsx). English: the specification's words, cut around links. */

export const title = 'How Soko works';
export const description = 'Soko connects buyers and sellers across Kenya: post a free ad with up to 10 photos, buyers call or WhatsApp you, and you can feature an ad for 200 Ksh a week.';
export const lead = 'Soko is a free classifieds marketplace for Kenya. Sellers post ads, buyers contact them directly, and you meet to do the deal.';

export const sell1 = 'Create a free account';
export const sell1Text = 'Sign up with your name, e-mail, phone number and location.';
export const sell2 = 'Post your ad';
export const sell2Text = 'Add a clear title, price, location, description and up to 10 photos. It goes live at once.';
export const sell3 = 'Talk to buyers';
export const sell3Text = 'Buyers call or WhatsApp you from your ad. Agree on a price and a safe place to meet.';
export const sell4 = 'Sell and tidy up';
export const sell4Text = 'Get paid when you hand over the item, then delete the ad from Manage my Ads.';
export const buy1 = 'Search or browse';
export const buy1Text = 'Search by keyword and town, or browse a category such as Cars & Vehicles, Property or Electronics.';
export const buy2 = 'Contact the seller';
export const buy2Text = 'Show the phone number or open WhatsApp with a ready-made greeting.';
export const buy3 = 'See it, check it, then pay';
export const buy3Text = 'Meet in a public place, inspect the item, and only then pay, by M-Pesa or cash.';

export const sellingHeading = 'Selling on Soko';
export const stepsToSell = 'Steps to sell';
export const createYourAccount = 'Create your free account';
export const orReadGuide = ' or read the full guide to';
export const postingAds = 'posting ads';
export const buyingHeading = 'Buying on Soko';
export const stepsToBuy = 'Steps to buy';
export const buyingText = 'Soko does not take payment for items or deliver them: you deal with the seller directly. Read';
export const safeTrading = 'Safe trading';
export const beforePay = ' before you pay anyone.';
export const featuredHeading = 'Featured ads: 200 Ksh for one week';
export const featuredText = 'Posting is free. If you want more buyers to see an ad, you can feature it for 200 Ksh. For one week it carries a Featured badge, is shown before ordinary ads in the listings and can appear in Featured Listings on the home page. You pay with M-Pesa or a card on Flutterwave’s secure checkout, from Manage my Ads.';
export const phoneHeading = 'Built for your phone and your bundles';
export const phoneText = 'Pages are small and load fast on 3G. Photos are resized for mobile screens, and your phone number is only shown to buyers who ask for it on your ad.';
export const questionsHeading = 'Questions?';
export const seeThe = 'See the ';
export const faq = 'frequently asked questions';
export const or = ' or ';
export const contactUs = 'contact us';
