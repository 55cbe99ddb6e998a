import type { Config } from '@react-router/dev/config';
import { buildLocale, localeBuildDir, SWAHILI_BASENAME } from './kernel/i18n/locales.ts';

// One build per language (docs/decisions/swahili-i18n.md): SOKO_LOCALE=sw builds the Swahili
// pages, under /sw, into BUILD_DIR-sw.
const locale = buildLocale(process.env.SOKO_LOCALE);

export default {
  ssr: true,
  // Every route's entry is in one small file (manifest-*.js, some 2 kB gzipped, cached for good
  // with the build's other assets) loaded with the first page. React Router's default, "lazy",
  // wrote the matched routes into every page and then asked /__manifest for the routes of the
  // page's links: on a results page, a second request of its own for each page viewed (a URL of
  // 1.5 kB naming its 24 ads, and an answer of 4 kB), and the server matched every one of those
  // paths, and the page's own, against the route tree.
  routeDiscovery: { mode: 'initial' },
  future: {
    // Loaders and actions get the request as it came (React Router 8's behaviour), not a copy of
    // it made for each of them: React Router made five Requests for a results page (one for
    // the page and two per loader, each with its own AbortSignal following the original), about
    // a sixth of its own work on the event loop for that page. The page's address is the `url`
    // argument: a navigation in the app asks for a page's data at /that-page.data.
    v8_passThroughRequests: true,
  },
  // Parallel test runs build into their own folders; the server reads the same variable via config.ts.
  buildDirectory: localeBuildDir(process.env.BUILD_DIR ?? 'build', locale),
  ...(locale === 'sw' ? { basename: SWAHILI_BASENAME } : {}),
} satisfies Config;
