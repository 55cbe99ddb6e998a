import type { ServerBuild } from 'react-router';
import { createServer, type ViteDevServer } from 'vite';

/**
 * The pages' server build, compiled in memory by Vite as `npm run dev` does (no build folder
 * needed), for tests that drive pages through the whole app: createApp(services, { getBuild }).
 */
export async function loadPageBuild(): Promise<{ getBuild: () => Promise<ServerBuild>; close(): Promise<void> }> {
  const vite: ViteDevServer = await createServer({
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: 'custom',
    logLevel: 'silent',
  });
  const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
  return { getBuild: async () => build, close: () => vite.close() };
}
