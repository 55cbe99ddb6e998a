/**
 * The header's and footer's texts (English: the specification's words). Imported as
 * `#messages/common.ts`, named imports only: the Swahili build resolves the same import to
 * kernel/i18n/sw/common.ts, and the bundler writes each text where it is used
 * (docs/decisions/swahili-i18n.md). A text split around a value (`messagesUnreadBefore`) keeps
 * the compiled page exactly as it was with the literal; the Swahili parts read in Swahili order.
 */

/** `<html lang>`. */
export const htmlLang = 'en-KE';

export const skipToContent = 'Skip to content';
export const siteSearch = 'Site search';
export const searchTerm = 'Search term';
export const searchPlaceholder = 'What are you looking for?';
export const location = 'Location';
/** The wide header's location placeholder (spec). */
export const locationExample = 'e.g., London';
export const search = 'Search';
export const postAd = 'Post an ad';
export const signUp = 'Sign up';
export const login = 'Login';
export const logout = 'Logout';
export const manageMyAds = 'Manage my Ads';
export const savedAds = 'Saved ads';
export const savedSearches = 'Saved searches';
export const messages = 'Messages';
/** "Messages (3 unread)" in the menu: before and after the count. */
export const unreadBefore = ' (';
export const unreadAfter = ' unread)';
/** The envelope's label, "Messages, 3 unread": before and after the count. */
export const messagesUnreadBefore = 'Messages, ';
export const messagesUnreadAfter = ' unread';
export const myDetails = 'My Details';
export const moderation = 'Moderation';
export const helpContact = 'Help & Contact';
/** "Hi, Amina": before the first name. */
export const greeting = 'Hi, ';
export const accountMenu = 'Account menu';
export const account = 'Account';
export const menu = 'Menu';
export const categories = 'Categories';

export const footerLabel = 'Footer';
export const slogan = 'Powering Ads, Elevating Brands';
export const terms = 'Terms of Service';
export const privacy = 'Privacy';
/** "© 2026 Soko. All rights reserved.": after the year. */
export const rightsReserved = ' Soko. All rights reserved.';
export const theme = 'Theme';
export const themeLight = 'Light';
export const themeDark = 'Dark';
export const themeSystem = 'System';
