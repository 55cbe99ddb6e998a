import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--no-first-run','--disable-background-networking','--disable-quic'] });
const url = process.argv[2];
const runs = [];
for (let i = 0; i < Number(process.argv[3] ?? 8); i++) {
  const ctx = await b.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  const page = await ctx.newPage();
  await page.addInitScript(() => { window.__lt = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push(Math.round(e.duration)); }).observe({ type: 'longtask', buffered: true }); });
  const t0 = Date.now();
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.waitForTimeout(300);
  const r = await page.evaluate(() => ({ lt: window.__lt, hyd: performance.getEntriesByType('navigation')[0].loadEventEnd, script: performance.getEntriesByType('resource').filter(e=>e.initiatorType==='script'||e.initiatorType==='link').length }));
  runs.push(r.lt.reduce((a, b) => a + b, 0) + ':' + r.lt.join('/'));
  await ctx.close();
}
console.log(url, runs.join('  '));
await b.close();
