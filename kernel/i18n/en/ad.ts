/**
 * The ad page's texts (app/routes/listings/listing-detail.tsx, its gallery, phone buttons, report
 * form, photos' alt texts, the WhatsApp greeting and the contact preferences' texts of
 * kernel/contact-preferences.ts). English: the specification's words. Imported as
 * `#messages/ad.ts`, named imports only (docs/decisions/swahili-i18n.md). A text split around a
 * value (`openPhoto` + n + `photoOf` + total) keeps the compiled English page as it was.
 */

export const safetyTip1 = 'Meet the seller in a safe, public place during the day.';
export const safetyTip2 = 'Inspect the item and its documents before you pay.';
export const safetyTip3 = 'Never send money in advance, by M-Pesa or otherwise, to someone you have not met.';
export const safetyTip4 = 'Be careful with deals that look too good to be true.';
export const safetyTip5 = 'Keep your personal and financial details private.';

/** "Something went wrong on our side (reference ab12cd34). Please try again later.": around the reference. */
export const loadFailedBefore = 'Something went wrong on our side (reference ';
export const loadFailedAfter = '). Please try again later.';
export const listingNotFound = 'Listing not found.';
export const unknownAction = 'Unknown action.';

export const goneTitle = 'This ad is no longer available | Soko';
export const notFoundTitle = 'Listing not found | Soko';
export const loadFailedTitle = 'Failed to load listing | Soko';
export const goneDescription = 'The ad you are looking for has been removed. Browse similar ads on Soko.';
/** The page title "Toyota Axio, Ksh 1,500 in Nairobi": between the price and the place. */
export const priceIn = ' in ';
export const priceNotSpecified = 'Price not specified';

export const goneHeading = 'This ad is no longer available';
export const goneRemoved = 'The seller has removed it.';
export const goneOffOffer = 'It is no longer on offer.';
/** " Here are similar ads in Cars & Vehicles.": before the category, then the category's own words. */
export const goneSimilar = ' Here are similar ads';
export const goneInCategory = ' in ';
/** "More in Cars & Vehicles". */
export const moreIn = 'More in ';
export const browseListings = 'Browse listings';
export const goHome = 'Go to Home';
export const similarAds = 'Similar ads';

export const posted = 'Posted';
export const yourAd = 'This is your ad. ';
export const editIt = 'Edit it';
export const soldNotice = 'Sold. This item is no longer available';
export const soldSeeBelow = '; see similar ads below';
/** "Expired: buyers cannot see this ad.": after the state's label. */
export const hiddenFromBuyers = ': buyers cannot see this ad.';
export const manageAds = 'Manage ads';
export const details = 'Details';
export const description = 'Description';
export const seller = 'Seller';
export const notAvailable = 'N/A';
export const memberSince = 'Member since';
export const listings = 'Listings';
export const rating = 'Rating';
export const reviewSeller = 'Review this seller';
export const openConversation = 'Open your conversation with the seller';
export const contactAdvice = 'Never pay before you have seen the item, and check M-Pesa payments in the M-Pesa app, not by SMS.';
export const safeTradingTips = 'Safe trading tips';
export const listingActions = 'Listing Actions';
export const adId = 'Ad ID';
export const views = 'Views';
export const safetyTips = 'Safety Tips';
export const messageSeller = 'Message seller';
export const crumbHome = 'Home';
export const crumbAllListings = 'All Listings';
export const somethingWrong = 'Something went wrong on our side. Please try again later.';
/** "Failed to load listing: …". */
export const failedToLoad = 'Failed to load listing: ';
export const maybeSold = 'It may have been sold or removed by the seller.';

/** The gallery: "Open photo 2 of 7 (2 more)", "Toyota Axio, photo 2 of 7". */
export const openPhoto = 'Open photo ';
export const photoOf = ' of ';
export const moreBefore = ' (';
export const moreAfter = ' more)';
export const morePhotos = 'More photos';
export const photosOf = 'Photos of ';
export const photosLabel = 'Photos';
export const titlePhoto = ', photo ';
export const close = 'Close';
export const previousPhoto = 'Previous photo';
export const nextPhoto = 'Next photo';
/** A photo's alt text without a photo: "Toyota Axio (no photo)", or "No photo". */
export const noPhotoAfter = ' (no photo)';
export const noPhoto = 'No photo';

/** The phone buttons. */
export const phoneLoadFailed = 'Could not load the phone number. Please try again.';
export const networkError = 'Network error. Please check your connection and try again.';
export const noPhone = 'Phone number not available for this seller.';
export const noChat = 'Cannot message seller: Phone number not available for this listing.';
export const phoneHidden = 'Phone number hidden';
export const phoneShown = 'Phone number displayed!';
export const openingWhatsApp = 'Opening WhatsApp to message the seller!';
export const hidePhone = 'Hide phone number';
export const showPhone = 'Show phone number';
export const loading = 'Loading...';
export const chatOnWhatsApp = 'Chat on WhatsApp';
export const call = 'Call';
/** "Call +254 712 345 678". */
export const callBefore = 'Call ';

/** The report form. */
export const reportThisAd = 'Report this ad';
export const reportWhy = 'Why are you reporting this ad?';
export const reportAnythingElse = 'Anything else we should know? (optional)';
export const sendReport = 'Send report';

/** The greeting a buyer's WhatsApp opens with (the ad's title is its own words). */
export const whatsAppGreeting = (p: { title: string }) => `Hello, I'm interested in your ad "${p.title}" on Soko. Is it still available?`;

/** kernel/contact-preferences.ts (issue 43): how buyers reach a seller. */
export const contactHeading = 'How buyers reach you';
export const contactShowPhone = 'Show my phone number: buyers can call, WhatsApp or message me';
export const contactMessagesOnly = 'Messages only: buyers never see my number and write to me on Soko';
export const contactMessageEmails = 'E-mail me when a message waits unread for 10 minutes (at most one e-mail an hour per conversation)';
export const contactSaved = 'Your contact settings were saved.';
export const adMessagesOnly = 'This seller takes messages only. Write to them here on Soko.';
export const ownAdMessagesOnly = 'Buyers reach you by messages only: your number is not shown. Change it in My details.';
export const noPhoneMessagesOnly = 'This seller takes messages only. Use Message seller.';
export const unsubscribed = 'You will no longer get e-mails about unread messages. Turn them on again in My details.';
export const badUnsubscribeLink = 'This unsubscribe link is not valid. Turn message e-mails off in My details instead.';
