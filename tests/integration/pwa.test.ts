import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import routes from '../../app/routes.ts';
import { createApp } from '../../server/app.ts';
import { isPrivatePath } from '../../server/pwa/private-paths.ts';
import { shellAssets } from '../../server/pwa/service-worker.ts';
import { TEST_ORIGIN, createTestApp } from '../support/app.ts';
import { loadPageBuild } from './page-build.ts';

/**
 * Issue 48: the web app manifest and the service worker as the server sends them (headers,
 * fields, the build's version and files), the offline page, and which pages the worker must
 * never store. What the worker does in a browser: tests/e2e/offline.spec.ts.
 */
const PUBLIC = path.resolve(import.meta.dirname, '../../public');
let app: ReturnType<typeof createApp>;
let getBuild: Awaited<ReturnType<typeof loadPageBuild>>['getBuild'];
const get = (p: string) => app.request(`${TEST_ORIGIN}${p}`, { redirect: 'manual' });

beforeAll(async () => {
  const t = await createTestApp();
  ({ getBuild } = await loadPageBuild());
  app = createApp(t.services, { getBuild });
});

describe('/manifest.webmanifest', () => {
  it('is served as a manifest, cached for an hour, with what installing needs', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const manifest = (await res.json()) as Record<string, any>;
    expect(manifest).toMatchObject({ name: expect.stringMatching(/^Soko/), short_name: 'Soko', start_url: '/', scope: '/', display: 'standalone', theme_color: '#047857', background_color: expect.stringMatching(/^#/) });
    const icons = manifest.icons as Array<{ src: string; sizes: string; type: string; purpose: string }>;
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
    // Every icon is a PNG of the size it claims, in public/ (which the server serves at the root).
    for (const icon of icons) {
      const meta = await sharp(fs.readFileSync(path.join(PUBLIC, icon.src))).metadata();
      expect([meta.format, `${meta.width}x${meta.height}`], icon.src).toEqual(['png', icon.sizes]);
      expect(icon.type).toBe('image/png');
    }
  });

  it('every page links it, with a theme colour for light and for dark', async () => {
    const page = await (await get('/')).text();
    expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    expect(page).toContain('<meta name="theme-color" content="#047857" media="(prefers-color-scheme: light)"/>');
    expect(page).toContain('<meta name="theme-color" content="#030712" media="(prefers-color-scheme: dark)"/>');
    expect(fs.existsSync(path.join(PUBLIC, 'brand/apple-touch-icon.png'))).toBe(true);
  });
});

describe("pages' Content Security Policy", () => {
  it('allows only the scripts that carry its nonce, a new one for every page', async () => {
    const nonces = [];
    for (let i = 0; i < 2; i++) {
      const res = await get('/');
      const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
      expect(nonce).toBeTruthy();
      const html = await res.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});

describe('/sw.js', () => {
  it('is the worker of the build being served: never cached without asking, allowed the whole origin', async () => {
    const res = await get('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('service-worker-allowed')).toBe('/');
    // Its own CSP and the pages' allow a worker and a manifest from this origin only.
    for (const csp of [res.headers.get('content-security-policy'), (await get('/')).headers.get('content-security-policy')]) {
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("manifest-src 'self'");
    }
    const script = await res.text();
    const build = JSON.parse(/^const BUILD = (.*);$/m.exec(script)![1]!) as { version: string; shell: string[]; css: string | null; privatePattern: string };
    const served = await getBuild();
    const { assets } = served;
    expect(build.version).toBe(assets.version);
    expect(build.shell).toEqual(shellAssets(served));
    // The stylesheet every page links is in the shell (app/root.tsx links it by address, so the assets manifest does not name it).
    const stylesheet = /<link[^>]* rel="stylesheet" href="([^"]+)"/.exec(await (await get('/')).text())?.[1];
    // (Here the pages' test build names it /app/app.css; the production build, /assets/app-<hash>.css: tests/e2e/offline.spec.ts.)
    expect(stylesheet).toMatch(/\.css$/);
    expect(build.shell).toContain(stylesheet);
    expect(build.css).toBe(stylesheet);
    expect(build.shell).toEqual(expect.arrayContaining([assets.url, assets.entry.module, assets.routes.root!.module, assets.routes['routes/offline']!.module]));
    expect(new RegExp(build.privatePattern).test('/my-details')).toBe(true);
    // Its shell cache is named by the build's version (the Swahili worker's: soko-shell-sw-…, tests/integration/swahili-pages.test.ts).
    expect(script).toContain('`${BUILD.shellPrefix}${BUILD.version}`');
    expect((JSON.parse(/^const BUILD = (.*);$/m.exec(script)![1]!) as { shellPrefix: string }).shellPrefix).toBe('soko-shell-');
  });
});

describe('the offline page', () => {
  it('sends no scripts to hydrate, only its own list of stored ads, and stays out of the index', async () => {
    const res = await get('/offline');
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('<h1 class="text-2xl font-bold">You are offline</h1>');
    expect(page).not.toMatch(/type="module"|rel="modulepreload"/);
    expect(page).toContain("caches.open('soko-ads')");
    expect(page).toContain('<noscript>');
    expect(page).toContain('<meta name="robots" content="noindex, follow"/>');
  });
});

describe('pages the worker never stores', () => {
  /** Every page route of app/routes.ts, with its parameters filled in. */
  const pages = (routes as Array<{ path?: string; file: string }>).filter((r) => r.path && r.path !== '*').map((r) => ({ path: `/${r.path!.replace(/:[a-zA-Z]+/g, 'x')}`, file: r.file }));

  it('every page that asks for a sign-in, the admin area, account pages and payments are private', () => {
    // A seller's page is public; only its forms (a seller's reply, a review's report) ask for a sign-in, and the worker stores no form post.
    const publicWithSignedInForms = new Set(['/seller/x']);
    const signedIn = pages.filter((p) => !publicWithSignedInForms.has(p.path) && /requireAuth\(|requireAdmin|context\.auth\b.*redirect/.test(fs.readFileSync(path.resolve(import.meta.dirname, '../../app', p.file), 'utf8')));
    expect(signedIn.length).toBeGreaterThan(10);
    for (const p of signedIn) expect(isPrivatePath(p.path), p.path).toBe(true);
    for (const p of ['/admin', '/my-details', '/auth/login', '/payment-success', '/payments/feature/x', '/listings/x', '/post-ad.data', '/api/listings', '/logout', '/listing/x/review', '/listing/x/review.data']) expect(isPrivatePath(p), p).toBe(true);
  });

  it('public pages may be stored', () => {
    for (const p of ['/', '/listings', '/products', '/listing/x', '/category/cars-vehicles', '/seller/jane', '/faq', '/offline', '/listings.data', '/listing/x.data']) expect(isPrivatePath(p), p).toBe(false);
  });
});
