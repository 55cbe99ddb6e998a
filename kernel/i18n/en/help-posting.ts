/** The posting-ads guide (app/routes/help/guides.posting-ads.tsx). English: the specification's words, cut around links and bold words. */

export const metaTitle = 'Guide: posting ads';
export const description = 'How to post an ad on Soko that sells: good photos, a clear title and price, an honest description, and featuring your ad for 200 Ksh a week via M-Pesa or card.';
export const title = 'Posting ads';
export const lead = 'Posting on Soko is free and takes a few minutes. Here is how to do it, and how to make your ad stand out.';

export const stepsHeading = 'Post your ad step by step';
export const step1a = 'Tap ';
export const postAd = 'Post an ad';
export const step1b = ' at the top of any page. If you are not signed in, you will be asked to log in or ';
export const createFreeAccount = 'create a free account';
export const step1c = ' first, then come straight back to the form.';
export const titleLabel = 'Title';
export const step2 = ': say exactly what it is, e.g. “Toyota Axio 2014, 1500cc, KCX registration” or “2-bedroom apartment to let, Kilimani”.';
export const categoryLabel = 'Category';
export const step3 = ': pick the closest one, such as Cars & Vehicles, Property, Electronics or Jobs, so buyers browsing that category find you.';
export const priceLabel = 'Price and currency';
export const step4 = ': most ads use Ksh. The price may be left empty: buyers then see “Price negotiable”, but ads with a clear price get more serious calls. You can leave it empty when you edit the ad too.';
export const locationLabel = 'Location';
export const step5 = ': your town and area, e.g. “Nakuru, Milimani”. Never your exact house.';
export const descriptionLabel = 'Description';
export const step6 = ': condition, age, what is included, why you are selling, and when buyers can view it.';
export const photosLabel = 'Photos';
export const step7a = ': at least one and up to 10. The first photo is the cover that buyers see in the list; tap ';
export const cover = 'Cover';
export const step7b = ' on another photo to make it the cover, and use the arrows to change the order.';
export const step8a = 'Tap ';
export const createListing = 'Create Listing';
export const step8b = '. Your ad is live immediately: you can view it, post another or feature it straight away, and it appears in ';
export const manageMyAds = 'Manage my Ads';

export const photosHeading = 'Photos that sell';
export const photos1 = 'Shoot in daylight, near a window or outside. Wipe the item first.';
export const photos2 = 'Show the whole item first, then details: the screen switched on, the engine bay, the odometer, any scratches.';
export const photos3 = 'Use your own photos. Buyers trust real pictures more than pictures copied from the internet.';
export const photos4 = 'Photos can be JPEG, PNG, WebP, AVIF or GIF, up to 10 MB each. We remove hidden GPS data from them and make lighter copies for buyers on mobile data.';

export const describeHeading = 'Write a description buyers trust';
export const describe1 = 'Be honest about faults. A buyer who finds a hidden fault at viewing walks away and you have wasted a trip.';
export const describe2 = 'For phones and electronics: model, storage, battery health, and whether you have the box and receipt.';
export const describe3 = 'For vehicles: year of manufacture, mileage, engine size, transmission, and whether the logbook is in your name.';
export const describe4 = 'For property: rent or price, deposit, water and electricity arrangements, and parking.';
export const describe5 = 'Do not put your phone number in the description: buyers reach you with the Show phone number and WhatsApp buttons.';

export const featureHeading = 'Feature your ad: 200 Ksh for one week';
export const featureA = 'A featured ad gets a ';
export const featured = 'Featured';
export const featureB = ' badge, is shown before ordinary ads in the listings and can appear in Featured Listings on the home page. It is a good choice for items that face a lot of competition, such as cars, phones and rentals.';
export const feature1a = 'Open ';
export const feature1b = ' and tap ';
export const featureAd = 'Feature Ad';
export const feature1c = ' on the ad.';
export const feature2 = 'Check the fee (200 Ksh) and the duration (one week), then tap ';
export const payNow = 'Pay Now';
export const feature3a = 'You are taken to Flutterwave’s secure checkout. Pay with ';
export const feature3b = ' (you confirm with your PIN on your phone) or with a ';
export const card = 'card';
export const feature4 = 'You come back to Soko and see ';
export const paymentSuccessful = 'Payment Successful!';
export const feature4b = ' Your ad is featured for the next 7 days.';
export const featureNote = 'The fee is fixed at 200 Ksh by Soko; nobody can ask you for more. Soko never sees your card number or M-Pesa PIN, and we never ask you to pay for featuring by sending money to a personal number. When the week is over, the Feature Ad button appears again and you can feature the ad for another week.';

export const upToDateHeading = 'Keep your ads up to date';
export const upToDate1 = 'Edit the price or description at any time from Manage my Ads.';
export const upToDate2 = 'Delete the ad as soon as the item is sold, so buyers stop calling.';
export const upToDate3 = 'Reply quickly: most buyers contact several sellers and go with the first who answers.';

export const notAllowedHeading = 'What you may not post';
export const notAllowed = 'Stolen or counterfeit goods, weapons, drugs, prescription medicines, wildlife products such as ivory, fake documents and anything else that is illegal in Kenya. The full list is in our';
export const termsOfService = 'Terms of Service';
export const notAllowedAfter = '. Ads that break the rules are removed.';
export const beforeMeet = 'Before you meet a buyer, read ';
export const safeTrading = 'Safe trading';
export const beforeMeetAfter = ': sellers are targeted by scams too, especially fake M-Pesa messages.';
