/**
 * The languages Soko's pages are built in (docs/decisions/swahili-i18n.md): one build each,
 * English at the site's root, Swahili under /sw. The build's language comes from SOKO_LOCALE
 * (vite.config.ts, react-router.config.ts); pages never choose it at run time.
 */
export const LOCALES = ['en', 'sw'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * Whether English pages offer Swahili (the footer's switch, hreflang, the offer to a browser
 * that prefers Swahili, both languages in the sitemap) and Swahili pages may be indexed. On since
 * every page's texts are in the catalogs (issue 45; tests/e2e/swahili-sweep.spec.ts checks it).
 * Turned off, /sw still answers, `noindex`, and English pages do not mention it: the switch for
 * a language whose pages are being written.
 */
export const SWAHILI_OFFERED: boolean = true;

/** The Swahili pages' basename: /sw and everything under /sw/. */
export const SWAHILI_BASENAME = '/sw';

/** The language of a build started with this SOKO_LOCALE (unset: English). */
export function buildLocale(value: string | undefined): Locale {
  if (value === undefined || value === '' || value === 'en') return 'en';
  if (value === 'sw') return 'sw';
  throw new Error(`SOKO_LOCALE must be en or sw, not ${JSON.stringify(value)}`);
}

/** Where a language's build goes: the English one in BUILD_DIR, the Swahili one beside it. */
export function localeBuildDir(buildDir: string, locale: Locale): string {
  return locale === 'en' ? buildDir : `${buildDir}-sw`;
}

/** The language of a page's path: /sw and /sw/… are Swahili (/sw.js, the service worker, is not). */
export function localeOfPath(pathname: string): Locale {
  return pathname === SWAHILI_BASENAME || pathname.startsWith(`${SWAHILI_BASENAME}/`) ? 'sw' : 'en';
}
