/**
 * System pages' texts (English: the specification's words): the 404 page, the offline page, the
 * error boundary, the toasts' close button and the failed-save page. Imported as
 * `#messages/system.ts`, named imports only (docs/decisions/swahili-i18n.md).
 */

export const notFoundHeading = '404: Not Found';
export const notFoundTitle = '404: Not Found | Soko';
export const notFoundText = 'The page you are looking for does not exist or has moved.';
export const goHome = 'Go to Home';
export const browseListings = 'Browse listings';

export const errorTitle = 'Something went wrong | Soko';
export const errorHeading = 'Something went wrong';
/** "500: Error" when a response has no status text. */
export const errorStatusFallback = 'Error';
export const errorText = 'Something went wrong on our side. Please try again.';

export const offlineTitle = 'You are offline';
export const offlineDescription = 'Soko could not reach the network. Ads you opened recently can still be read.';
export const offlineText = 'Soko could not reach the network. Check your data or Wi-Fi and try again.';
export const tryAgain = 'Try again';
export const recentAds = 'Recently viewed ads';
export const recentAdsSaved = 'Ads you opened recently, saved on this phone:';
export const recentAdsNone = 'No ads saved on this phone yet. Ads you open while online can be read here later.';
export const recentAdsUnsupported = 'This browser cannot keep ads for reading offline.';
export const offlineNoScript = 'Turn on JavaScript to see the ads you opened recently; they are kept on this phone for reading offline.';

export const dismissNotification = 'Dismiss notification';
export const goBack = 'Go back';
