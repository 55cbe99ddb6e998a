/**
 * Saved ads and saved searches: the pages' texts and kernel/saved-rules.ts and
 * kernel/saved-search-rules.ts messages. English: the specification's words. Imported as
 * `#messages/saved.ts`, named imports only (docs/decisions/swahili-i18n.md).
 */

// kernel/saved-rules.ts
export const adSaved = 'Ad saved. Find it in Saved ads.';
export const adRemoved = 'Removed from Saved ads.';

// kernel/saved-search-rules.ts
export const freqOff = 'No e-mails';
export const freqInstant = 'Instant e-mail';
export const freqDaily = 'Daily digest';
export const searchSaved = 'Search saved. Find it in Saved searches.';
export const searchSavedHere = 'Search saved. New ads that match will be e-mailed to you in a daily digest; change it below.';
export const alreadySaved = 'You have already saved this search.';
/** "You can save up to 50 searches. Delete one to save another.": before and after the number. */
export const fullBefore = 'You can save up to ';
export const fullAfter = ' searches. Delete one to save another.';
export const searchNotFound = 'Saved search not found.';
export const alertUpdated = 'Alert updated.';
export const searchDeleted = 'Saved search deleted.';
export const badFrequency = 'Choose how often to be alerted: off, instant or daily.';
export const unsubscribed = 'You will get no more e-mails for this search.';
export const badLink = 'This unsubscribe link is not valid. Open Saved searches to change your alerts.';
/** A saved search in words: '"toyota axio" in Cars near Nairobi, Ksh 500,000 to 1,200,000 (best match)'. */
export const allAds = 'All ads';
export const labelIn = 'in ';
export const labelNear = 'near ';
export const labelTo = ' to ';
export const labelFrom = 'from ';
export const labelUpTo = 'up to ';
/** "Year from 2014", "Year up to 2020": after the field's name. */
export const attrFrom = ' from ';
export const attrUpTo = ' up to ';
export const sortBest = 'best match';
export const sortCheapest = 'cheapest first';
export const sortDearest = 'dearest first';

// Saved ads page
export const savedAds = 'Saved ads';
export const savedAdsDescription = 'The ads you have saved on Soko, in one place.';
export const noLongerAvailable = 'No longer available';
export const goneReason = 'It has been sold, has expired or was removed.';
export const remove = 'Remove';
export const nothingSaved = 'Nothing saved yet.';
/**
 * "3 saved ads, newest first.": the parts around the count and the plural ending. Constants, not a
 * function message, so that the English page is the template it was (a function would be a shared chunk).
 */
export const savedCountBefore = '';
export const savedCountAfter = ' saved ad';
export const savedCountOne = '';
export const savedCountMany = 's';
export const savedCountEnd = ', newest first.';
/** "Tap [Save] on any ad to keep it here.": before and after the button's name. */
export const tapBefore = 'Tap ';
export const saveWord = 'Save';
export const tapAfter = ' on any ad to keep it here.';
export const browseAllListings = 'Browse all listings';

// Saved searches page
export const savedSearches = 'Saved searches';
export const savedSearchesDescription = 'Your saved searches on Soko and their e-mail alerts.';
export const noNewAds = 'No new ads since your last visit';
/** "3 new ads since your last visit" (the number is "99+" past the cap): the parts around the number and the plural ending. */
export const newCountBefore = '';
export const newCountAfter = ' new ad';
export const newCountOne = '';
export const newCountMany = 's';
export const newCountEnd = ' since your last visit';
export const emailAlerts = 'E-mail alerts';
/** "E-mail alerts for <search>" (screen readers): before the search. */
export const alertsForBefore = ' for ';
export const update = 'Update';
export const updateAlertsForBefore = ' alerts for ';
export const deleteLabel = 'Delete';
export const noSavedSearches = 'No saved searches yet.';
/** "3 of 50 saved searches. We e-mail ...": the parts around the count and the maximum. */
export const searchesCountBefore = '';
export const searchesCountOf = ' of ';
export const searchesCountAfter = ' saved searches. We e-mail you new ads that match, as often as you choose.';
/** "Search for something, then tap [Save this search] to be told of new ads." */
export const searchThenTapBefore = 'Search for something, then tap ';
export const saveThisSearch = 'Save this search';
export const searchThenTapAfter = ' to be told of new ads.';

// Save failed pages
export const savedAdsTitle = 'Saved ads | Soko';
export const adNotSaved = 'The ad was not saved';
export const adNotSavedHint = 'Use the Save button on an ad to save it.';
export const listingNotFound = 'Listing not found.';
export const savedSearchesTitle = 'Saved searches | Soko';
export const searchNotSaved = 'The search was not saved';
export const searchNotSavedHint = 'Use Save this search on a results page to save it.';

// Unsubscribe from an alert
export const unsubscribeTitle = 'Unsubscribe | Soko';
export const unsubscribeHeading = 'Unsubscribe from this alert';
/** "Stop the e-mails for your saved search <b>label</b>? The search stays ...": before and after the search. */
export const stopBefore = 'Stop the e-mails for your saved search ';
export const stopAfter = '? The search stays in Saved searches; you can turn its alerts on again there.';
export const unsubscribe = 'Unsubscribe';
/** "[Saved searches] (sign-in needed) lists every search and its alerts.": after the link. */
export const listsEveryAfter = ' (sign-in needed) lists every search and its alerts.';
