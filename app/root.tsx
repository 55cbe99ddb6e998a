import { useEffect } from 'react';
import { type ShouldRevalidateFunctionArgs, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches, useRouteError, useRouteLoaderData } from 'react-router';
import { THEME_COLOR } from '#kernel/brand.ts';
import type { Route } from './+types/root';
import appCss from './app.css?url';
import { Footer } from './components/Footer';
import { Header } from './components/Header';
import { Toaster } from './components/Toaster';
import { useNonce } from './lib/nonce';
import { themeBootScript } from './lib/theme';
import { serviceWorkerRegistration, withoutScripts } from './lib/service-worker';
import { ServerNow } from './lib/use-now';
import { KesRatesContext } from './lib/kes-rates';
import { DEFAULT_KES_RATES } from '#kernel/money.ts';
import { NotFound } from './components/NotFound';
import { errorHeading, errorStatusFallback, errorText, errorTitle, goHome, notFoundTitle } from '#messages/system.ts';
import { savedCountFor, savedSearchCountFor, unreadMessagesFor } from './root.server';
import { useInAppLinks } from './lib/in-app-links';
import { htmlLang } from '#messages/common.ts';
import { BASE } from '#messages/locale.ts';
import { SWAHILI_OFFERED } from '#kernel/i18n/locales.ts';
import { offersSwahili } from '#kernel/i18n/language-switch.ts';

export async function loader({ context, url, request }: Route.LoaderArgs) {
  const user = context.auth?.user;
  // The header's "Saved ads (n)"; a failed count must not cost the page.
  const savedCount = user ? await savedCountFor(context.db, user.id) : null;
  const searchCount = user ? await savedSearchCountFor(context.db, user.id) : null;
  const unreadMessages = user ? await unreadMessagesFor(context.db, user.id, url) : null;
  return {
    // The public origin, for canonical addresses and previews in every route's meta (app/lib/seo.ts).
    origin: new URL(context.config.appUrl).origin,
    user: user ? { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email, savedCount, searchCount, unreadMessages, admin: user.role === 'admin' } : null,
    // The server's clock, so relative dates ("Yesterday") hydrate as they were rendered (app/lib/use-now.ts).
    now: Date.now(),
    // Ksh per USD, EUR and GBP: cards and ad pages show "≈ Ksh …" beside such prices (issue 42, point 6).
    kesRates: context.config.kesRates,
    // An English page offers Swahili to a first visit whose browser prefers it (components/LanguageOffer.tsx);
    // the key is there only then, so other pages' data is as it was.
    ...(SWAHILI_OFFERED && context.locale !== 'sw' && offersSwahili(request.headers) ? { offerSwahili: true as const } : {}),
  };
}

/**
 * The stylesheet is the one thing the first paint waits for, so it is the first request the head
 * makes: with `precedence`, React's server rendering puts it right after the charset and
 * viewport, ahead of the 10-15 script preloads it otherwise came behind (on a phone's few
 * connections the CSS queued behind them; Lighthouse counted about 80 ms of first paint on
 * /listings).
 */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: appCss, precedence: 'high' }];

// Header and user only change when a session changes, which always comes with a form submission;
// the unread messages count also when the messages pages revalidate in place (app/lib/live-messages.ts).
export function shouldRevalidate({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate;
  return currentUrl.href === nextUrl.href && nextUrl.pathname.startsWith('/messages');
}

// The pages' own meta replaces this; it is what a page without one, or the error page, shows (one <title>, never two).
export const meta: Route.MetaFunction = ({ error }) =>
  error
    ? [{ title: isRouteErrorResponse(error) && error.status === 404 ? notFoundTitle : errorTitle }, { name: 'robots', content: 'noindex' }]
    : [
        { title: 'Soko | Buy and sell anything in Kenya' },
        { name: 'description', content: 'Soko is the fast, trustworthy classifieds marketplace for Kenya: cars, property, phones, furniture, jobs and more.' },
      ];

/**
 * The theme script has run by the time the page hydrates, and React never writes an inline
 * script's text again while its props stay the same: the browser build does not carry it.
 */
const bootScript = import.meta.env.SSR ? themeBootScript : '';
/** The same for the service worker's registration; `npm run dev` registers none (its pages must never come from a cache). */
const registerScript = import.meta.env.SSR && import.meta.env.PROD ? serviceWorkerRegistration : '';

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>('root');
  // The offline page is shown at any address the worker could not load: it must not hydrate as the page of that address.
  const scripts = !withoutScripts(useMatches());
  useInAppLinks();
  // Marks the moment the page's handlers are attached; the browser tests wait for it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <html lang={htmlLang} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Links />
        <meta name="theme-color" content={THEME_COLOR.light} media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content={THEME_COLOR.dark} media="(prefers-color-scheme: dark)" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/brand/apple-touch-icon.png" />
        <link rel="manifest" href={`${BASE}/manifest.webmanifest`} />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: bootScript }} />
        <Meta />
      </head>
      <body className="flex min-h-screen flex-col overflow-x-hidden antialiased">
        {/* Written as one child either way: while SWAHILI_OFFERED is false the English build's layout is byte for byte as before. */}
        {SWAHILI_OFFERED && data && 'offerSwahili' in data ? (
          <>
            <LanguageOffer />
            <Header user={data?.user ?? null} />
          </>
        ) : (
          <Header user={data?.user ?? null} />
        )}
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
          <ServerNow.Provider value={data?.now}>
            <KesRatesContext.Provider value={data?.kesRates ?? DEFAULT_KES_RATES}>{children}</KesRatesContext.Provider>
          </ServerNow.Provider>
        </main>
        <Footer />
        <Toaster />
        {scripts ? <ScrollRestoration nonce={nonce} /> : null}
        {scripts ? <Scripts nonce={nonce} /> : null}
        {scripts ? <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: registerScript }} /> : null}
      </body>
    </html>
  );
}

/**
 * Above an English page's header, for a first visit whose browser prefers Swahili (issue 45
 * point 2: offered, never redirected; the loader decides, kernel/i18n/language-switch.ts). Both
 * links go through GET /language (kernel/i18n/language-switch.ts languageSwitchHref, written out
 * here), so they work without JavaScript and the choice is remembered: Swahili, or English, which
 * dismisses the offer for good. In Swahili, since it is written for a reader of Swahili. Defined
 * in this module and written out, so that while SWAHILI_OFFERED is false nothing of it reaches
 * the English build (an import from another module left it in the shell chunk: +169 B gzip).
 */
function LanguageOffer() {
  const { pathname, search } = useLocation();
  const next = encodeURIComponent(pathname + search);
  return (
    <p lang="sw-KE" className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 bg-brand-700 px-4 py-2 text-sm text-white" data-testid="language-offer">
      <a href={`/language?to=sw&next=${next}`} hrefLang="sw-KE" className="font-semibold underline">
        Soma Soko kwa Kiswahili
      </a>
      <a href={`/language?to=en&next=${next}`} hrefLang="en-KE" className="underline">
        Hapana, asante
      </a>
    </p>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const message = isRouteErrorResponse(error)
    ? typeof error.data === 'string' && error.data
      ? error.data
      : error.statusText
    : errorText;
  return (
    <section className="py-16 text-center">
      <h1 className="text-2xl font-bold">{isRouteErrorResponse(error) ? `${error.status}: ${error.statusText || errorStatusFallback}` : errorHeading}</h1>
      <p className="mt-2 text-gray-600 dark:text-gray-400">{message}</p>
      <a href={`${BASE}/`} className="btn-primary mt-6">{goHome}</a>
    </section>
  );
}
