import { Hono } from 'hono';
import { LANGUAGE_COOKIE, languageSwitchTarget } from '#kernel/i18n/language-switch.ts';
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
