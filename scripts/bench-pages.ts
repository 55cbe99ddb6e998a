/**
 * Page-weight benchmark (issue 16, DESIGN.md section 7): what a phone downloads for each page.
 *
 *   npm run bench:pages                 # build into build-bench/, seed, measure at 360 px, 2x
 *   npm run bench:pages -- --dpr 3      # a 3x screen (most newer Android phones)
 *   npm run bench:pages -- --no-build   # reuse build-bench/ as it is
 *   npm run bench:pages -- --js-only    # only the gzipped JavaScript per route (no seeding, no browser)
 *   npm run bench:pages -- --lighthouse # also Lighthouse mobile on home, /listings and the ad page, and their Swahili twins (median of 3)
 *
 * It builds the app, seeds a private PGlite database in a temporary folder with 30 ads whose
 * photos are photographic stand-ins (scripts/photo-like.ts: they compress like camera photos,
 * unlike the flat demo drawings), serves it on 127.0.0.1 exactly as `npm start` does, and opens
 * each page in Chromium (/usr/bin/chromium, or CHROMIUM_PATH) at 360 x 740 with a cold cache.
 * For each page it reports the bytes on the wire (compressed, as sent) of the HTML, JavaScript,
 * CSS and images, first when the page has loaded and then after scrolling to the bottom (lazy
 * images included); the card image sizes; and, from the build itself, the gzipped JavaScript of
 * every route (entry, root and route chunks), which is what the 135 kB budget counts.
 *
 * With --lighthouse it also runs Lighthouse (mobile, performance only) three times on home,
 * /listings and the ad page and prints the median. Lighthouse is not a dependency of the project:
 * it is fetched once by npx (version LIGHTHOUSE below, the last to run on Node 20) into npx's
 * cache, and drives the same Chromium. Its timings are simulated from the CPU time the page took
 * on this machine, so they are only meaningful on an idle one: the table prints Lighthouse's CPU
 * benchmark index beside each score (a phone-like host is about 1000 or more).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { chromium, type Browser, type Page } from '@playwright/test';
import type { ServerBuild } from 'react-router';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { listingImages, listings } from '../server/db/schema/index.ts';
import { storeCoverFiles, storeImage } from '../server/media/images.ts';
import { createServices } from '../server/services.ts';
import { insertUser } from '../server/users/users.ts';
import { jsPerRoute, JS_BUDGET_GZIP } from './js-per-route.ts';
import { buildApp } from './build.ts';
import { localeBuildDir, LOCALES } from '../kernel/i18n/locales.ts';
import { photoLike } from './photo-like.ts';
import { cacheDir, pruneCache, touchCacheEntry } from './cache-dir.ts';

const execFileAsync = promisify(execFile);

const { values: args } = parseArgs({
  options: {
    dpr: { type: 'string', default: '2' },
    'no-build': { type: 'boolean', default: false },
    'js-only': { type: 'boolean', default: false },
    lighthouse: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    // Lighthouse's CPU slowdown (mobile default 4): a slower host than Lighthouse expects calls for less.
    'lighthouse-cpu': { type: 'string' },
    listings: { type: 'string', default: '30' },
    // Keeps every Lighthouse report (JSON) in this folder, to see what a score is made of.
    reports: { type: 'string' },
  },
});

const root = path.resolve(import.meta.dirname, '..');
const BUILD_DIR = 'build-bench';
const DPR = Number(args.dpr);
const LISTINGS = Math.max(25, Number(args.listings));
const PHOTOS_ON_AD = 6;
const DAY = 24 * 60 * 60 * 1000;
const KB = 1000;

/** DESIGN.md section 7, in bytes. */
const BUDGET = { cardImage: 12 * KB, listingsPage: 350 * KB, jsGzip: JS_BUDGET_GZIP, htmlGzip: 30 * KB };

/** Both languages (scripts/build.ts): the Swahili routes must fit the same budget. */
async function build() {
  console.log(`Building into ${BUILD_DIR}/ and ${localeBuildDir(BUILD_DIR, 'sw')}/ ...`);
  const started = performance.now();
  await buildApp(root, BUILD_DIR, LOCALES, 'ignore').catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
  console.log(`  built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Photos take a while to make; they are kept by the hash of the code that makes them. */
async function photos(count: number): Promise<Buffer[]> {
  const key = createHash('sha256').update(fs.readFileSync(path.join(root, 'scripts/photo-like.ts'))).update(fs.readFileSync(path.join(root, 'node_modules/sharp/package.json'))).digest('hex').slice(0, 12);
  const dir = path.join(cacheDir('bench-photos'), key);
  fs.mkdirSync(dir, { recursive: true });
  touchCacheEntry(dir);
  pruneCache(path.dirname(dir), dir);
  const out: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const file = path.join(dir, `${i}.jpg`);
    if (!fs.existsSync(file)) {
      // Every seventh is a portrait: cards must crop it like the others.
      fs.writeFileSync(file, await photoLike(i + 1, { portrait: i % 7 === 3 }));
      process.stdout.write(`\r  photos ${i + 1}/${count}`);
    }
    out.push(fs.readFileSync(file));
  }
  if (count) process.stdout.write('\n');
  return out;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

type Resource = { url: string; type: string; bytes: number };

const TYPES: Record<string, string> = { document: 'html', script: 'js', stylesheet: 'css', image: 'img' };

/** Opens a page with a cold cache; the bytes of every response, at load and after scrolling to the end. */
async function measure(page: Page, url: string) {
  const seen: Resource[] = [];
  let inFlight = 0;
  page.on('request', () => inFlight++);
  page.on('requestfailed', () => inFlight--);
  page.on('requestfinished', async (request) => {
    const sizes = await request.sizes().catch(() => null);
    seen.push({ url: request.url(), type: TYPES[request.resourceType()] ?? 'other', bytes: (sizes?.responseBodySize ?? 0) + (sizes?.responseHeadersSize ?? 0) });
    inFlight--;
  });
  const settle = async () => {
    // Until every image in the document has arrived and nothing is still loading.
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete || img.loading === 'lazy'), null, { timeout: 60_000 });
    for (let quiet = 0; quiet < 3; ) {
      await page.waitForTimeout(200);
      quiet = inFlight === 0 ? quiet + 1 : 0;
    }
  };
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await settle();
  const atLoad = [...seen];
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(100);
  }
  // Every image drawn on the page; a lazy one that is not drawn at all (the closed photo viewer's) never loads.
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete || (img.loading === 'lazy' && img.getClientRects().length === 0)), null, { timeout: 60_000 });
  await settle();
  return { atLoad, all: [...seen] };
}

/**
 * Lighthouse 13 asks for Node 22; 12.8 is the last made for Node 20 (package.json engines: >= 20.19).
 * Chromium gets the flags every browser here needs (CONTRIBUTING): without
 * --disable-background-networking and the rest, its runs on this machine's closed network failed
 * with NO_NAVSTART.
 */
const LIGHTHOUSE = 'lighthouse@12.8.2';

type LighthouseRun = { score: number; fcp: number; lcp: number; tbt: number; cls: number; si: number; benchmarkIndex: number };

/**
 * One Lighthouse run (mobile preset: Moto G Power screen, slow 4G and a 4x slower CPU, simulated).
 * Asynchronous: the server it measures runs in this process.
 */
async function lighthouseRun(url: string): Promise<LighthouseRun> {
  const cpu = args['lighthouse-cpu'] ? [`--throttling.cpuSlowdownMultiplier=${Number(args['lighthouse-cpu'])}`] : [];
  const { stdout } = await execFileAsync(
    'npx',
    ['--yes', LIGHTHOUSE, url, '--only-categories=performance', ...cpu, '--output=json', '--output-path=stdout', '--quiet', '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync'],
    { cwd: os.tmpdir(), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' } },
  );
  if (args.reports) {
    fs.mkdirSync(args.reports, { recursive: true });
    fs.writeFileSync(path.join(args.reports, `${new URL(url).pathname.replace(/\W+/g, '_') || 'home'}-${Date.now()}.json`), stdout);
  }
  const lhr = JSON.parse(stdout) as { categories: { performance: { score: number } }; audits: Record<string, { numericValue: number }>; environment: { benchmarkIndex: number } };
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    fcp: lhr.audits['first-contentful-paint']!.numericValue,
    lcp: lhr.audits['largest-contentful-paint']!.numericValue,
    tbt: lhr.audits['total-blocking-time']!.numericValue,
    cls: lhr.audits['cumulative-layout-shift']!.numericValue,
    si: lhr.audits['speed-index']!.numericValue,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/**
 * One run, tried again (up to twice) when Lighthouse itself fails to record the page load: its
 * trace sometimes lacks the navigation start (NO_NAVSTART), and Lighthouse's answer is "run
 * Lighthouse again". A page that fails three times in a row fails the benchmark.
 */
async function lighthouseRunWithRetry(url: string): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url);
    } catch (error) {
      const recordingFailed = /NO_NAVSTART|NO_FCP|PROTOCOL_TIMEOUT|Please run Lighthouse again/.test(String((error as { stdout?: string }).stdout ?? error));
      if (!recordingFailed || attempt === 3) throw error;
      console.log(`  (Lighthouse could not record ${url} on attempt ${attempt}; trying again)`);
    }
  }
}

/** The run with the median score of `runs` runs, and every run's score. */
async function lighthouse(url: string, runs: number) {
  const all: LighthouseRun[] = [];
  for (let i = 0; i < runs; i++) all.push(await lighthouseRunWithRetry(url));
  const sorted = [...all].sort((a, b) => a.score - b.score);
  return { median: sorted[Math.floor(sorted.length / 2)]!, scores: all.map((r) => r.score) };
}

const sum = (list: Resource[], type?: string) => list.filter((r) => !type || r.type === type).reduce((n, r) => n + r.bytes, 0);
const kb = (bytes: number) => (bytes / KB).toFixed(1);

/** A Swahili route's JavaScript may weigh this much more than its English twin's (issue 45). */
const SWAHILI_ALLOWANCE = 2000;

/** English per route, in kB and exact bytes (a change to the bundle shows to the byte), and the Swahili build beside it. */
function printJsPerRoute() {
  const js = jsPerRoute(path.join(root, BUILD_DIR));
  const swDir = path.join(root, localeBuildDir(BUILD_DIR, 'sw'));
  const sw = fs.existsSync(swDir) ? new Map(jsPerRoute(swDir).map((r) => [r.route, r])) : new Map<string, { bytes: number; scripts: number }>();
  console.log(
    `\nJavaScript per route, gzip -9, from the build (every route; budget ${kb(BUDGET.jsGzip)} kB); Swahili: the same route under /sw, at most ${SWAHILI_ALLOWANCE} bytes over English (tests/e2e/page-weight.spec.ts):\n`,
  );
  console.log('| route | JS gzip kB | bytes | scripts | Swahili kB | Swahili scripts | Swahili − English, bytes | |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const r of js) {
    const s = sw.get(r.route);
    const ok = r.bytes <= BUDGET.jsGzip && (!s || s.bytes - r.bytes <= SWAHILI_ALLOWANCE);
    console.log(`| ${r.route} | ${kb(r.bytes)} | ${r.bytes} | ${r.scripts} | ${s ? kb(s.bytes) : '–'} | ${s ? s.scripts : '–'} | ${s ? s.bytes - r.bytes : '–'} | ${ok ? 'OK' : 'OVER'} |`);
  }
}

async function main() {
  if (!args['no-build']) await build();
  // The JavaScript figures come from the build alone: a quick loop while working on the bundle.
  if (args['js-only']) return printJsPerRoute();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-bench-pages-'));
  const port = await freePort();
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, BUILD_DIR, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, DATABASE_URL: '', REDIS_URL: '' },
    root,
  );
  const built = await createServices(config);
  const { services } = built;
  let server: ReturnType<typeof serve> | undefined;
  let browser: Browser | undefined;
  try {
    console.log(`Seeding ${LISTINGS} ads with photographic test images...`);
    const pictures = await photos(LISTINGS + PHOTOS_ON_AD - 1);
    const seller = await insertUser(services.db, {
      firstName: 'Bench',
      lastName: 'Seller',
      email: 'bench@example.co.ke',
      password: 'bench-pass-1234',
      phoneNumber: '+254712345678',
      location: 'Nairobi',
      createdAt: new Date(Date.now() - 400 * DAY),
    });
    let adId = '';
    for (let i = 0; i < LISTINGS; i++) {
      // The last ad (the newest, first in the list) carries several photos for the ad page.
      const own = i === LISTINGS - 1 ? [pictures[i]!, ...pictures.slice(LISTINGS, LISTINGS + PHOTOS_ON_AD - 1)] : [pictures[i]!];
      const stored = [];
      for (const p of own) stored.push(await storeImage(services.media, p));
      await storeCoverFiles(services.media, stored[0]!.storageKey);
      const created = new Date(Date.now() - (LISTINGS - i) * 3 * 60 * 60 * 1000);
      const [row] = await services.db
        .insert(listings)
        .values({
          ownerId: seller.id,
          title: `Test item ${i + 1}: ${['Toyota Axio 2014, clean', 'Samsung Galaxy A15, 128 GB', 'Three-seater sofa, grey', '2-bedroom apartment, Kilimani'][i % 4]}`,
          description: 'A realistic description of a realistic item, long enough to look like an ad. '.repeat(4),
          category: ['Cars & Vehicles', 'Electronics', 'Furniture', 'Property'][i % 4]!,
          price: 1000 * (i + 1) * 37,
          currency: 'KES',
          location: ['Westlands, Nairobi', 'Nakuru', 'Mombasa', 'Kisumu'][i % 4]!,
          createdAt: created,
          updatedAt: created,
        })
        .returning({ id: listings.id });
      await services.db.insert(listingImages).values(stored.map((s, position) => ({ listingId: row!.id, position, storageKey: s.storageKey, width: s.width, height: s.height })));
      adId = row!.id;
      process.stdout.write(`\r  ads ${i + 1}/${LISTINGS}`);
    }
    process.stdout.write('\n');

    const buildPath = path.join(root, BUILD_DIR, 'server', 'index.js');
    const serverBuild = (await import(buildPath)) as ServerBuild;
    const swahiliBuild = (await import(path.join(root, localeBuildDir(BUILD_DIR, 'sw'), 'server', 'index.js'))) as ServerBuild;
    const app = createApp(services, { getBuild: async () => serverBuild, getSwahiliBuild: async () => swahiliBuild, serveClientAssets: true });
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port });
    const origin = `http://127.0.0.1:${port}`;

    // Launched only now: seeding can take minutes on a busy machine, and an idle browser waiting that long has been lost.
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
    const routes: Array<{ name: string; path: string; signedIn?: boolean }> = [
      { name: 'home', path: '/' },
      { name: 'listings (24 cards)', path: '/listings' },
      { name: 'ad page (6 photos)', path: `/listing/${adId}` },
      { name: 'category', path: '/category/electronics' },
      { name: 'login', path: '/auth/login' },
      { name: 'post an ad (signed in)', path: '/post-ad', signedIn: true },
    ];
    // Each page's Swahili twin (issue 45: within 2 kB and 2 Lighthouse points of the English one).
    routes.push(...routes.map((r) => ({ ...r, name: `${r.name}, Swahili`, path: `/sw${r.path === '/' ? '/' : r.path}` })));
    const rows = [];
    const cardImages: number[] = [];
    for (const route of routes) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: DPR, isMobile: true, hasTouch: true });
      if (route.signedIn) {
        const res = await context.request.post(`${origin}/api/auth/login`, { data: { email: 'bench@example.co.ke', password: 'bench-pass-1234' } });
        if (!res.ok()) throw new Error(`login failed: ${res.status()}`);
      }
      const page = await context.newPage();
      const { atLoad, all } = await measure(page, `${origin}${route.path}`);
      if (route.path === '/listings') for (const r of all) if (/-c\d+\.(avif|webp)$/.test(r.url)) cardImages.push(r.bytes);
      rows.push({ route, atLoad, all });
      await context.close();
    }

    console.log(`\nBytes on the wire (compressed as sent, headers included), Chromium at 360 x 740, ${DPR}x, cold cache. kB = 1000 bytes.\n`);
    console.log('| page | HTML | JS | CSS | images at load | images, whole page | total at load | total, whole page |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const { route, atLoad, all } of rows) {
      console.log(`| ${route.name} | ${kb(sum(all, 'html'))} | ${kb(sum(all, 'js'))} | ${kb(sum(all, 'css'))} | ${kb(sum(atLoad, 'img'))} | ${kb(sum(all, 'img'))} | ${kb(sum(atLoad))} | ${kb(sum(all))} |`);
    }
    const listingsRow = rows.find((r) => r.route.path === '/listings')!;
    const listingsTotal = sum(listingsRow.all);
    cardImages.sort((a, b) => a - b);
    const cardMax = cardImages[cardImages.length - 1] ?? 0;
    const cardMedian = cardImages[Math.floor(cardImages.length / 2)] ?? 0;
    console.log(`\nCard images on /listings: ${cardImages.length}, median ${kb(cardMedian)} kB, largest ${kb(cardMax)} kB (budget ${kb(BUDGET.cardImage)}) ${cardMax <= BUDGET.cardImage ? 'OK' : 'OVER'}`);
    console.log(`/listings whole page: ${kb(listingsTotal)} kB (budget ${kb(BUDGET.listingsPage)}) ${listingsTotal <= BUDGET.listingsPage ? 'OK' : 'OVER'}`);
    const html = gzipSync(Buffer.from(await (await fetch(`${origin}/listings`)).text()), { level: 6 }).length;
    console.log(`/listings HTML gzipped: ${kb(html)} kB (budget ${kb(BUDGET.htmlGzip)}) ${html <= BUDGET.htmlGzip ? 'OK' : 'OVER'}`);

    printJsPerRoute();
    if (args.lighthouse) {
      // The browser above is closed first: Lighthouse starts its own Chromium, and two at once would share the CPU it measures.
      await browser.close();
      browser = undefined;
      const runs = Math.max(1, Number(args.runs));
      const s = (ms: number) => (ms / 1000).toFixed(1);
      console.log(`\nLighthouse mobile (${LIGHTHOUSE}, performance, simulated throttling, CPU slowdown ${args['lighthouse-cpu'] ?? 4}x), median of ${runs} runs by score:\n`);
      console.log('| page | score | runs | FCP s | LCP s | TBT ms | CLS | Speed Index s | CPU benchmark index |');
      console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|');
      for (const route of routes.filter((r) => ['/', '/listings', '/sw/', '/sw/listings'].includes(r.path) || /^(\/sw)?\/listing\//.test(r.path))) {
        const { median: m, scores } = await lighthouse(`${origin}${route.path}`, runs);
        console.log(`| ${route.name} | ${m.score} | ${scores.join(', ')} | ${s(m.fcp)} | ${s(m.lcp)} | ${Math.round(m.tbt)} | ${m.cls.toFixed(3)} | ${s(m.si)} | ${Math.round(m.benchmarkIndex)} |`);
      }
    } else {
      console.log('\nLighthouse: not measured (add --lighthouse; it needs an idle machine).');
    }
  } finally {
    await browser?.close();
    server?.close();
    await built.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
