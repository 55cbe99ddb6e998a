/**
 * Which language this build is (English; the Swahili twin is kernel/i18n/sw/locale.ts), for the
 * addresses and links that differ by language (docs/decisions/swahili-i18n.md, plan steps 3–4).
 */

/** The build's pages' path prefix: '' here, '/sw' in Swahili. */
export const BASE = '';
/** The language the footer's switch leads to, and that language's name in its own words. */
export const otherLocale = 'sw';
export const otherLanguage = 'Kiswahili';
/** The other language's tag, for the switch's hreflang. */
export const otherLang = 'sw-KE';
/** Open Graph's og:locale. */
export const ogLocale = 'en_KE';
