import { Hono } from 'hono';
import type { ServerBuild } from 'react-router';
import { webAppManifest } from '../pwa/manifest.ts';
import { serviceWorkerScript } from '../pwa/service-worker.ts';

/**
 * /manifest.webmanifest and /sw.js (issue 48, docs/decisions/service-worker.md). The worker is
 * written for the build being served, and asked for again on every navigation (no-cache), so a
 * new build reaches the phones that have the old one at their next page.
 */
export function pwaRoutes(deps: { getBuild?: () => Promise<ServerBuild> }) {
  const app = new Hono();
  const manifest = JSON.stringify(webAppManifest);
  app.get('/manifest.webmanifest', (c) => c.body(manifest, 200, { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }));

  const getBuild = deps.getBuild;
  if (!getBuild) return app;
  const scripts = new WeakMap<ServerBuild, string>();
  app.get('/sw.js', async (c) => {
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
      // Served from the root already; said outright so that moving the file never narrows what it controls.
      'Service-Worker-Allowed': '/',
    });
  });
  return app;
}
