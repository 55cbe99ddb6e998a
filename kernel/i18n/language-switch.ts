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

/** The language a visitor chose with the switch (the `soko_lang` cookie), or null when they never chose. */
export function chosenLanguage(cookieHeader: string | null | undefined): Locale | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && (value === 'en' || value === 'sw')) return value;
  }
  return null;
}

/**
 * Whether a browser's Accept-Language prefers Swahili to English (`sw`, `sw-KE` … at a higher
 * q-value than any `en`; a language named without q counts 1). Other languages do not count.
 */
export function prefersSwahili(acceptLanguage: string | null | undefined): boolean {
  let sw = 0;
  let en = 0;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    if (!Number.isFinite(weight)) continue;
    const primary = tag.trim().split('-')[0];
    if (primary === 'sw') sw = Math.max(sw, weight);
    else if (primary === 'en') en = Math.max(en, weight);
  }
  return sw > 0 && sw > en;
}

/**
 * Whether an English page should offer Swahili above its header (issue 45 point 2): a first
 * visit (no choice remembered) whose browser prefers Swahili. An offer, never a redirect.
 */
export function offersSwahili(headers: { get(name: string): string | null }): boolean {
  return chosenLanguage(headers.get('Cookie')) === null && prefersSwahili(headers.get('Accept-Language'));
}

/**
 * Where a visitor who chose Swahili and asks for an English page belongs: its /sw twin, or null
 * (no such choice, or not a page navigation: a POST, a page's data for the app, the service worker).
 */
export function swahiliTwin(method: string, pathname: string, search: string, headers: { get(name: string): string | null }): string | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  if (pathname.endsWith('.data') || pathname === '/sw.js' || pathname === SWAHILI_BASENAME || pathname.startsWith(`${SWAHILI_BASENAME}/`)) return null;
  if (chosenLanguage(headers.get('Cookie')) !== 'sw') return null;
  // A page the browser navigates to (a script's fetch says `Sec-Fetch-Dest: empty`, or asks for no HTML).
  const dest = headers.get('Sec-Fetch-Dest');
  if (dest ? dest !== 'document' : !(headers.get('Accept') ?? '').includes('text/html')) return null;
  return `${SWAHILI_BASENAME}${pathname === '/' ? '/' : pathname}${search}`;
}
