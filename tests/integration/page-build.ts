import type { ServerBuild } from 'react-router';
import { createServer } from 'vite';
import type { Locale } from '../../kernel/i18n/locales.ts';

const shared = new Map<Locale, Promise<ServerBuild>>();
/** Vite reads SOKO_LOCALE while it loads the config: one language's server at a time. */
let starting: Promise<unknown> = Promise.resolve();

/**
 * The pages' server build, compiled in memory by Vite as `npm run dev` does (no build folder
 * needed), for tests that drive pages through the whole app: createApp(services, { getBuild }).
 * `sw` is the Swahili build (basename /sw, catalogs of kernel/i18n/sw; docs/decisions/swahili-i18n.md),
 * given to createApp as getSwahiliBuild.
 *
 * Compiled once per test worker and shared by its files (Vitest runs them with isolate: false):
 * compiling the app took 3-5 s per file. The build holds no state of its own; every file
 * passes its own services to createApp. The Vite server stays open until the worker exits.
 */
export async function loadPageBuild(locale: Locale = 'en'): Promise<{ getBuild: () => Promise<ServerBuild> }> {
  let build = shared.get(locale);
  if (!build) {
    build = compile(locale);
    shared.set(locale, build);
  }
  const loaded = await build;
  return { getBuild: async () => loaded };
}

function compile(locale: Locale): Promise<ServerBuild> {
  const compiled = starting.then(async () => {
    const before = process.env.SOKO_LOCALE;
    process.env.SOKO_LOCALE = locale;
    try {
      const vite = await createServer({
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        appType: 'custom',
        logLevel: 'silent',
        // Production JSX: the tests load React's production build (vitest.config.ts), whose
        // jsx-dev-runtime has no jsxDEV. React Router's plugin asks for development JSX when
        // serving, so this plugin's config comes after it.
        plugins: [{ name: 'soko:production-jsx', enforce: 'post', config: () => ({ oxc: { jsx: { development: false } } }) }],
      });
      return (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
    } finally {
      if (before === undefined) delete process.env.SOKO_LOCALE;
      else process.env.SOKO_LOCALE = before;
    }
  });
  starting = compiled.catch(() => undefined);
  return compiled;
}
