import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the real server,
 * built and started by scripts/e2e-server.ts on loopback with a fresh database and demo data.
 * Each test creates the accounts and ads it changes, and acts as a client address of its own
 * (tests/e2e/support.ts), which is why the server trusts X-Forwarded-For here. No retries: a
 * test that passes only on a second try is a failing test.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const withImages = { executablePath: chromiumPath, args: chromiumArgs };
// Decoding the photos (AVIF) was a sixth of the browser suite's time, and no flow depends on
// it: the pages lay out from the images' width and height. Tests tagged @images run in a
// browser that loads and decodes them (card photos, link previews); the rest do not.
const launchOptions = { executablePath: chromiumPath, args: [...chromiumArgs, '--blink-settings=imagesEnabled=false'] };
const mobileViewport = { ...devices['Desktop Chrome'], viewport: { width: 360, height: 740 }, isMobile: false, hasTouch: true };

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A test.only left in would quietly leave the rest out.
  forbidOnly: !!process.env.CI,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON }]] : [['list']],
  // A trace records every step of every test and cost a quarter of the suite's time; it is kept
  // for failures when asked for (E2E_TRACE=1). A failure always leaves a screenshot.
  use: { baseURL: BASE_URL, trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off', screenshot: 'only-on-failure', launchOptions },
  projects: [
    { name: 'mobile', use: { ...mobileViewport, launchOptions }, grepInvert: /@images/ },
    { name: 'images', use: { ...mobileViewport, launchOptions: withImages }, grep: /@images/ },
    // The wide screen re-runs what its layout changes (header, grids, tables, forms). Specs that
    // fix their own 360 px viewport, and pages whose content does not depend on the width, run
    // once: a second identical run would cost a minute and find nothing new.
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
      testIgnore: ['**/no-js.spec.ts', '**/phones.spec.ts'],
      grepInvert: /@one-viewport|@images/,
    },
  ],
  webServer: {
    command: 'node node_modules/tsx/dist/cli.mjs scripts/e2e-server.ts',
    url: `${BASE_URL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(PORT), HOST: '127.0.0.1', APP_URL: BASE_URL, TRUST_PROXY: 'true', BUILD_DIR: process.env.E2E_BUILD_DIR ?? 'build-e2e', LOG_LEVEL: 'warn', NODE_ENV: 'production', ALERTS_INTERVAL_SECONDS: '2' },
  },
});
