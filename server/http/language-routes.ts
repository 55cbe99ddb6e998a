import { Hono, type MiddlewareHandler } from 'hono';
import { LANGUAGE_COOKIE, languageSwitchTarget, swahiliTwin } from '#kernel/i18n/language-switch.ts';
import { LOCALES, type Locale } from '#kernel/i18n/locales.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * GET /language?to=sw&next=/listings?category=Pets — the footer's language switch: remembers the
 * choice in a cookie and answers 303 to the same page in that language (kernel/i18n/language-switch.ts).
 * An unknown language is a 400 that sets nothing.
 */
export function languageRoutes(options: { secureCookies: boolean }) {
  const app = new Hono();
  app.get('/language', (c) => {
    const to = c.req.query('to');
    if (!LOCALES.includes(to as Locale)) return c.json({ message: 'Choose a language: en or sw.' }, 400);
    const secure = options.secureCookies ? '; Secure' : '';
    c.header('Set-Cookie', `${LANGUAGE_COOKIE}=${to}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`);
    c.header('Cache-Control', 'no-store');
    return c.redirect(languageSwitchTarget(to as Locale, c.req.query('next')), 303);
  });
  return app;
}

/**
 * An English page asked for by a visitor whose cookie says Swahili (they chose it with the switch)
 * answers 302 to its /sw twin, same path and query (issue 45 point 2). Page navigations only: not
 * a POST, a page's `.data` for the app, the service worker, nor anything routed before the pages
 * (/api, /language, assets, media, sitemaps). A visitor who never chose is never redirected.
 */
export function swahiliChoiceRedirect(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const twin = swahiliTwin(c.req.method, url.pathname, url.search, c.req.raw.headers);
    if (twin === null) return next();
    c.header('Cache-Control', 'no-store');
    c.header('Vary', 'Cookie');
    return c.redirect(twin, 302);
  };
}
