/** Kiswahili of kernel/i18n/en/system.ts, in the words of docs/swahili-glossary.md. */

export const notFoundHeading = '404: Ukurasa haupatikani';
export const notFoundTitle = '404: Ukurasa haupatikani | Soko';
export const notFoundText = 'Ukurasa unaoutafuta haupo au umehamishwa.';
export const goHome = 'Nenda mwanzo';
export const browseListings = 'Angalia matangazo';

export const errorTitle = 'Kuna tatizo | Soko';
export const errorHeading = 'Kuna tatizo';
export const errorStatusFallback = 'Hitilafu';
export const errorText = 'Kuna tatizo upande wetu. Tafadhali jaribu tena.';

export const offlineTitle = 'Huna mtandao';
export const offlineDescription = 'Soko haikuweza kufikia mtandao. Matangazo uliyofungua hivi karibuni bado yanasomeka.';
export const offlineText = 'Soko haikuweza kufikia mtandao. Angalia data au Wi-Fi yako kisha ujaribu tena.';
export const tryAgain = 'Jaribu tena';
export const recentAds = 'Matangazo uliyotazama hivi karibuni';
export const recentAdsSaved = 'Matangazo uliyofungua hivi karibuni, yaliyohifadhiwa kwenye simu hii:';
export const recentAdsNone = 'Bado hakuna tangazo lililohifadhiwa kwenye simu hii. Matangazo unayofungua ukiwa na mtandao yanaweza kusomwa hapa baadaye.';
export const recentAdsUnsupported = 'Kivinjari hiki hakiwezi kuhifadhi matangazo ya kusoma bila mtandao.';
export const offlineNoScript = 'Washa JavaScript uone matangazo uliyofungua hivi karibuni; yanahifadhiwa kwenye simu hii ili uyasome bila mtandao.';

export const dismissNotification = 'Funga arifa';
export const goBack = 'Rudi';
