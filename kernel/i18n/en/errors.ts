/**
 * What the server tells a person when it refuses a request (issue 45, plan step 7): the API's
 * error messages and the page forms' failures. English: the specification's words, exactly as
 * the server wrote them before. The server picks a language per request (server/i18n.ts reads
 * this file and kernel/i18n/sw/errors.ts by path); pages never import it.
 */

const minutes = (n: number) => `${n} minute${n === 1 ? '' : 's'}`;

// The helpers' default texts and the central refusals (server/http/).
export const loginRequired = 'Please log in to continue.';
export const notAllowed = 'You are not allowed to do that.';
export const notFound = 'Not found.';
export const tooManyAttempts = 'Too many attempts. Please wait a moment and try again.';
export const invalidInput = 'Invalid input.';
export const invalidJson = 'The request body is not valid JSON.';
export const notUnderstood = 'The request could not be understood.';
export const serverError = 'Something went wrong on our side. Please try again.';
export const crossSite = 'Cross-site request refused.';
export const unavailable = 'Soko is briefly unavailable. Please try again in a few seconds.';
export const refusedValue = 'Some of the values sent cannot be stored. Please check them and try again.';
export const storageFull = 'Soko cannot store photos right now: the server is out of storage space. Your ad was not saved; please try again later.';
export const storageFailing = 'Soko cannot store photos right now: the server cannot write to its storage. Your ad was not saved; please try again later.';
export const mediaStoreUnavailable = 'Soko cannot store photos right now: our photo storage is not answering. Your ad was not saved; please try again in a minute.';
export const imageQueueBusy = 'Soko is busy processing other sellers’ photos right now. Your ad was not saved: please post it again in a minute.';
export const moderatorsOnly = 'Only moderators can do this.';
export const payloadTooLarge = 'Payload too large.';
export const requestTooLarge = (p: { kb: number }) => `The request is too large: at most ${p.kb} KB can be sent here.`;
// The input guard's refusals (server/http/input-guard.ts), before any route.
export const badAddress = 'The address is not valid: it has a broken %-escape or characters that are not allowed.';
export const badEncoding = 'The request body is not valid UTF-8 text.';
export const nulInBody = 'Text must not contain NUL characters.';
export const notAForm = 'Send the form as application/x-www-form-urlencoded or multipart/form-data.';
export const unreadableBody = 'The request body could not be read.';
/** The small page of a refusal made before any page route (server/http/body-limit.ts refusal): its titles and link. */
export const refusalBadRequest = 'Bad Request';
export const refusalTooLarge = 'Too Large';
export const refusalNotAForm = 'Not a Form';
export const refusalUnavailable = 'Service Unavailable';
export const refusalGoHome = 'Go to Home';

// Accounts.
export const invalidCredentials = 'Invalid email or password.';
export const emailTaken = 'An account with this email already exists. Please log in instead.';
export const emailExists = 'An account with this email already exists.';
export const currentPasswordForEmail = 'Please enter your current password to change your e-mail address.';
export const passwordToDelete = 'Please enter your password to delete your account.';
export const wrongCurrentPassword = 'The password you entered is not correct.';
export const phoneNeededForAds =
  'You cannot remove your phone number while you have ads on Soko: it is the only way buyers can reach you. Enter a new number instead, or delete your ads first.';
export const commonPassword = 'This password is too common and easy to guess. Please choose another one.';
export const personalPassword = 'Your password must not contain your name or your e-mail address.';
export const emailRequired = 'Email is required.';
export const passwordRequired = 'Password is required.';
export const phoneRequired = 'Phone number is required.';
export const firstNameRequired = 'First name is required.';
export const lastNameRequired = 'Last name is required.';
export const locationRequired = 'Location is required.';
export const phoneMustBeText = 'Phone number must be text.';
export const passwordMustBeText = 'Password must be text.';
export const validEmail = 'Please enter a valid email address.';

// Moderation.
export const userNotFound = 'User not found.';
export const nothingToApprove = 'This ad has expired; there is nothing to approve.';
export const sellerBanned = 'The seller of this ad is banned; their ads stay hidden.';
export const cannotBanYourself = 'You cannot ban yourself.';
export const cannotBanAdmin = 'An admin cannot be banned. Remove their admin role first.';
export const alreadyBanned = 'This account is already banned.';
export const reviewNotHidden = 'This review is not hidden; there is nothing to restore.';

// Ads, photos and search.
export const listingNotFound = 'Listing not found.';
export const sellerNotFound = 'Seller not found.';
export const photoNotFound = 'Photo not found.';
export const ownAdsOnly = 'You can only view your own ads.';
export const wholeNumberUpTo = (p: { name: string; max: number }) => `${p.name} must be a whole number from 1 to ${p.max}.`;
export const pageFromOne = 'page must be a whole number from 1.';
export const sendAdMultipartOrJson = 'Send the ad as multipart/form-data, or JSON from the text-only form.';
export const sendAdMultipart = 'Send the ad as multipart/form-data.';
export const sendAdJsonObject = 'Send the ad as a JSON object.';
export const sendMessageJson = 'Send the message as JSON (Content-Type: application/json).';
export const noSuchCategory = (p: { categories: string }) => `No such category. Categories: ${p.categories}.`;
export const uploadTooLarge = 'The upload is too large: at most 10 images of 10 MB each.';
export const bodyTooLarge = 'The request body is too large.';
export const formUnreadable = 'The form data could not be read. Please try again.';
export const imageTooLarge = 'Each image must be 10 MB or smaller.';
export const wrongImageType = 'Only JPEG, PNG, WebP, AVIF or GIF images can be uploaded.';
export const tooManyPixels = 'That image has too many pixels. Please upload a smaller photo.';
export const imageUnreadable = 'That image could not be read. Please upload another photo.';
export const notOwnerDelete = 'You are not authorized to delete this listing.';
export const notOwnerFeature = 'You are not authorized to feature this listing.';
export const notOwnerRenew = 'You are not authorized to renew this listing.';
export const notOwnerChange = 'You are not authorized to change this listing.';
export const duplicateAd = 'You have already posted this ad. You can edit it in Manage ads instead of posting it again.';
export const categoryOneOf = (p: { categories: string }) => `Category must be one of: ${p.categories}.`;
export const priceWholeNumber = 'Price must be a whole number of 0 or more.';
export const priceTooLarge = 'Price is too large.';
export const currencyOneOf = (p: { currencies: string }) => `Currency must be one of ${p.currencies}.`;
export const countyCode = (p: { last: string }) => `county must be a county code from 001 to ${p.last} or a county's name.`;
export const townUnknown = 'town must be the id or name of a town in GET /api/locations.';
export const sortOneOf = (p: { sorts: string }) => `sort must be one of ${p.sorts}.`;
export const minAboveMax = 'minPrice cannot be more than maxPrice.';
export const pastResultWindow = (p: { max: string }) => `page and limit go past the ${p.max}th result; narrow the search instead.`;
export const suggestTooShort = (p: { n: number }) => `Type at least ${p.n} characters to get suggestions.`;
export const saveLimit = (p: { max: number }) => `You can save up to ${p.max} ads. Remove some to save more.`;

// Messages.
export const reportReasonRequired = 'Choose a reason for the report.';
export const detailsTooLong = (p: { max: number }) => `Details can be at most ${p.max} characters.`;
export const conversationNotFound = 'Conversation not found.';
export const noHeldMessages = 'No held messages in this conversation.';

// Payments.
export const featureFee = (p: { fee: number }) => `The fee to feature an ad is ${p.fee} KES.`;
export const callbackUrl = 'callback_url must be a link to this site.';
export const listingIdRequired = 'listingId is required.';
export const paymentNotStarted = 'Failed to initiate payment.';
export const featureOwnAdsOnly = 'You can only feature your own ads.';
export const featureActiveOnly = 'Only an active ad can be featured. Renew it first if it has expired.';
export const mpesaUnavailable = 'M-Pesa payments are not available right now. Please pay with Flutterwave.';
export const mpesaRefused = (p: { reason: string }) => `M-Pesa refused the request: ${p.reason}. Check the number and try again.`;
export const mpesaUnreachable = 'M-Pesa could not be reached. Please try again in a minute, or pay with Flutterwave.';
export const paymentsUnavailable = 'Payments are not available right now.';
export const paymentNotFound = 'Payment not found.';
export const paymentNotYours = 'This payment belongs to another account.';

// Rate limits (server/rate-limits/rate-limits.ts): `minutes` until the window ends.
export const tooManyLogins = (p: { minutes: number }) => `Too many attempts, try again in ${minutes(p.minutes)}.`;
export const tooManySignups = 'Too many sign-ups from your network. Please wait a while and try again.';
export const tooManyResetRequests = 'Too many password reset requests. Please wait a few minutes and try again.';
export const tooManyPaymentAttempts = 'Too many payment attempts. Please wait a few minutes and try again.';
export const tooManyPosts = (p: { minutes: number }) => `You have posted many ads today. You can post again in ${minutes(p.minutes)}.`;
export const tooManyPostsNewAccount = (p: { minutes: number }) => `New accounts can post 5 ads in their first day. You can post again in ${minutes(p.minutes)}.`;
export const tooManyRequests = 'Too many requests. Please wait a few minutes and try again.';
export const tooManyReveals = (p: { minutes: number }) => `You have viewed many phone numbers. Please try again in ${minutes(p.minutes)}.`;
export const revealsWithoutCookie = (p: { minutes: number }) => `You have viewed many phone numbers. Please allow cookies for this site, or try again in ${minutes(p.minutes)}.`;
export const tooManyReports = (p: { minutes: number }) => `You have sent many reports today. Please try again in ${minutes(p.minutes)}.`;
export const tooManyReportsNetwork = (p: { minutes: number }) => `Too many reports from your network. Please try again in ${minutes(p.minutes)}.`;
export const waitForCode = 'Please wait a minute before asking for another code.';
export const tooManyCodes = (p: { minutes: number }) => `You have asked for many codes today. Please try again in ${minutes(p.minutes)}.`;
export const tooManyCodesNumber = (p: { minutes: number }) => `Many codes have been sent to this number today. Please try again in ${minutes(p.minutes)}.`;
export const tooManySaves = 'You have saved and removed many ads in a short time. Please wait a few minutes and try again.';
export const tooManySavedSearchChanges = 'You have changed your saved searches many times in a short time. Please wait a few minutes and try again.';
export const tooManyConversationsNewAccount = (p: { minutes: number }) =>
  `New accounts can start 5 conversations in their first day. You can write to another seller in ${minutes(p.minutes)}.`;
export const tooManyConversations = (p: { minutes: number }) => `You have written to many sellers in the last hour. You can start another conversation in ${minutes(p.minutes)}.`;
export const sameFirstMessage = 'You have sent this same message to several sellers. Please write to each seller about their own ad.';
export const tooManyMessages = (p: { minutes: number }) => `You have sent many messages in the last hour. Please try again in ${minutes(p.minutes)}.`;
export const tooManyChanges = 'Too many changes in a short time. Please wait a few minutes and try again.';
export const tooManyPhotos = (p: { minutes: number }) => `You have uploaded many photos in the last hour. Please try again in ${minutes(p.minutes)}.`;
export const tooManyContact = (p: { minutes: number }) => `You have sent several messages in a short time. Please wait ${minutes(p.minutes)} and try again, or e-mail us directly.`;
