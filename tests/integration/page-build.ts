import type { ServerBuild } from 'react-router';
import { createServer } from 'vite';

let shared: Promise<ServerBuild> | undefined;

/**
 * The pages' server build, compiled in memory by Vite as `npm run dev` does (no build folder
 * needed), for tests that drive pages through the whole app: createApp(services, { getBuild }).
 *
 * Compiled once per test worker and shared by its files (Vitest runs them with isolate: false):
 * compiling the app took 3-5 s per file. The build holds no state of its own; every file
 * passes its own services to createApp. The Vite server stays open until the worker exits.
 */
export async function loadPageBuild(): Promise<{ getBuild: () => Promise<ServerBuild> }> {
  shared ??= (async () => {
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
  })();
  const build = await shared;
  return { getBuild: async () => build };
}
