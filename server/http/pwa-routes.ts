import { Hono } from 'hono';
import type { ServerBuild } from 'react-router';
import { swahiliWebAppManifest, webAppManifest } from '../pwa/manifest.ts';
import { serviceWorkerScript } from '../pwa/service-worker.ts';

/**
 * /manifest.webmanifest and /sw.js (issue 48, docs/decisions/service-worker.md), and the Swahili
 * pages' own, /sw/manifest.webmanifest and /sw/sw.js (scoped to /sw/; issue 45). The worker is
 * written for the build being served, and asked for again on every navigation (no-cache), so a
 * new build reaches the phones that have the old one at their next page.
 */
export function pwaRoutes(deps: { getBuild?: () => Promise<ServerBuild>; getSwahiliBuild?: () => Promise<ServerBuild> }) {
  const app = new Hono();
  const manifestRoute = (path: string, body: object) => {
    const manifest = JSON.stringify(body);
    app.get(path, (c) => c.body(manifest, 200, { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }));
  };
  manifestRoute('/manifest.webmanifest', webAppManifest);

  const scripts = new WeakMap<ServerBuild, string>();
  const workerRoute = (path: string, getBuild: () => Promise<ServerBuild>, scope: string) =>
    app.get(path, async (c) => {
      const build = await getBuild();
      let script = scripts.get(build);
      if (!script) {
        script = serviceWorkerScript(build);
        scripts.set(build, script);
      }
      // The browser asks again at every navigation: the same build answers 304 in a few bytes.
      const etag = `"${build.assets.version}"`;
      if (c.req.header('If-None-Match') === etag) return c.body(null, 304, { ETag: etag, 'Cache-Control': 'no-cache' });
      return c.body(script, 200, {
        ETag: etag,
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'no-cache',
        // Said outright so that moving the file never narrows (or widens) what it controls.
        'Service-Worker-Allowed': scope,
      });
    });
  if (deps.getBuild) workerRoute('/sw.js', deps.getBuild, '/');
  if (deps.getSwahiliBuild) {
    manifestRoute('/sw/manifest.webmanifest', swahiliWebAppManifest);
    workerRoute('/sw/sw.js', deps.getSwahiliBuild, '/sw/');
  }
  return app;
}
