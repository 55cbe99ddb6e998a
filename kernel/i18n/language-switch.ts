import { SWAHILI_BASENAME, type Locale } from './locales.ts';

/** The cookie that remembers the language a visitor chose with the footer's switch (a year). */
export const LANGUAGE_COOKIE = 'soko_lang';

/**
 * The footer's switch (issue 45 point 2): a plain link, so it works without JavaScript, to
 * GET /language, which remembers the choice and sends the visitor to the same page and query
 * in the other language. `here` is the page's path and query as its build sees it (without /sw).
 */
export function languageSwitchHref(to: string, here: string): string {
  return `/language?to=${to}&next=${encodeURIComponent(here)}`;
}

const SELF = 'http://soko.invalid';

/** `next` as a path and query of our own site, read as a browser would read it; null when it leads elsewhere. */
function ownPath(next: string | null | undefined): string | null {
  if (!next?.startsWith('/')) return null;
  try {
    const url = new URL(next, SELF);
    return url.origin === SELF ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

/**
 * Where the switch leads: `next` in the chosen language. Only a path of our own site is followed
 * (`//host`, `/\\host` and other addresses lead home).
 */
export function languageSwitchTarget(to: Locale, next: string | null | undefined): string {
  let path = ownPath(next) ?? '/';
  // A link written with the Swahili prefix still means the page without it.
  if (path === SWAHILI_BASENAME || path.startsWith(`${SWAHILI_BASENAME}/`) || path.startsWith(`${SWAHILI_BASENAME}?`)) path = path.slice(SWAHILI_BASENAME.length) || '/';
  if (path.startsWith('?')) path = `/${path}`;
  return to === 'sw' ? `${SWAHILI_BASENAME}${path === '/' ? '/' : path}` : path;
}
