import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--blink-settings=imagesEnabled=false'] });
for (let i = 0; i < 3; i++) {
const page = await browser.newPage({ viewport: { width: 360, height: 740 }, hasTouch: true });
await page.addInitScript(() => { document.addEventListener('toggle', (e) => console.log('toggle', e.target.className, e.target.open, performance.now()), true); new MutationObserver((m) => m.forEach((r) => r.attributeName === 'data-hydrated' && console.log('hydrated', performance.now()))).observe(document, { attributes: true, subtree: true }); });
page.on('console', (m) => console.log('console', m.text()));
await page.goto('http://127.0.0.1:3320/');
await page.waitForSelector('html[data-hydrated]');
await page.locator('summary[aria-controls="mobile-menu"]').click();
await page.waitForTimeout(500);
console.log('open after click', await page.evaluate(() => document.querySelector('details.group').open));
await page.close();
}
await browser.close();
