/** Kiswahili of kernel/i18n/en/common.ts, in the words of docs/swahili-glossary.md. */

export const htmlLang = 'sw-KE';

export const skipToContent = 'Ruka hadi maudhui';
export const siteSearch = 'Tafuta kwenye Soko';
export const searchTerm = 'Neno la kutafuta';
export const searchPlaceholder = 'Unatafuta nini?';
export const location = 'Mahali';
export const locationExample = 'mfano, Nairobi';
export const search = 'Tafuta';
export const postAd = 'Weka tangazo';
export const signUp = 'Jisajili';
export const login = 'Ingia';
export const logout = 'Toka';
export const manageMyAds = 'Matangazo yangu';
export const savedAds = 'Matangazo uliyohifadhi';
export const savedSearches = 'Utafutaji uliohifadhi';
export const messages = 'Ujumbe';
/** "Ujumbe (jumbe 3 mpya)". */
export const unreadBefore = ' (jumbe ';
export const unreadAfter = ' mpya)';
/** "Ujumbe, jumbe 3 mpya". */
export const messagesUnreadBefore = 'Ujumbe, jumbe ';
export const messagesUnreadAfter = ' mpya';
export const myDetails = 'Maelezo yangu';
export const moderation = 'Ukaguzi';
export const helpContact = 'Msaada na mawasiliano';
export const greeting = 'Habari, ';
export const accountMenu = 'Menyu ya akaunti';
export const account = 'Akaunti';
export const menu = 'Menyu';
export const categories = 'Aina';

export const footerLabel = 'Chini ya ukurasa';
export const slogan = 'Matangazo yenye nguvu, biashara zinazopaa';
export const terms = 'Masharti ya huduma';
export const privacy = 'Faragha';
export const rightsReserved = ' Soko. Haki zote zimehifadhiwa.';
export const theme = 'Mwonekano';
export const themeLight = 'Mwanga';
export const themeDark = 'Giza';
export const themeSystem = 'Kama kifaa';
