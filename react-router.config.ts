import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  // Every route's entry is in one small file (manifest-*.js, some 2 kB gzipped, cached for good
  // with the build's other assets) loaded with the first page. React Router's default, "lazy",
  // wrote the matched routes into every page and then asked /__manifest for the routes of the
  // page's links: on a results page, a second request of its own for each page viewed (a URL of
  // 1.5 kB naming its 24 ads, and an answer of 4 kB), and the server matched every one of those
  // paths, and the page's own, against the route tree.
  routeDiscovery: { mode: 'initial' },
  // Parallel test runs build into their own folders; the server reads the same variable via config.ts.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
} satisfies Config;
