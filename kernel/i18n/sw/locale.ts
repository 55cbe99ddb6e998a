/** Kiswahili of kernel/i18n/en/locale.ts: these pages live under /sw and switch to English. */

export const BASE = '/sw';
export const otherLocale = 'en';
export const otherLanguage = 'English';
export const otherLang = 'en-KE';
export const ogLocale = 'sw_KE';
