import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { expect, hydrated, loginAs, newSignedInAccount, postAd, test } from './support';

/*
 * Sellers see how their ads do (issue 44 point 5), at 360 px, with and without JavaScript: a
 * buyer views an ad, shows the number and taps WhatsApp, and the seller's Manage ads figures
 * move; Manage ads pages through the demo seller's ads with Previous and Next.
 */

const PHONE = { given: '+254712345678', digits: '254712345678' };
const DEMO = { email: 'amina@demo.soko.co.ke', password: 'sokodemo123' };

/** A buyer of their own: another browser (own cookies, own device id), as wide as a phone. */
async function buyerContext(browser: Browser, info: TestInfo, javaScriptEnabled: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: info.project.use.baseURL,
    viewport: { width: 360, height: 740 },
    javaScriptEnabled,
    extraHTTPHeaders: { 'X-Forwarded-For': `10.251.${info.workerIndex % 256}.${Math.floor(Math.random() * 250) + 1}` },
  });
  // WhatsApp itself is outside the test: its address is what matters.
  await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }));
  return context;
}

/** The seller's card of the ad in Manage ads, and its figure of one kind ("last 7 days / total"). */
const figure = (page: Page, title: string, kind: string) =>
  page.getByRole('list', { name: 'Your ads' }).getByRole('listitem').filter({ hasText: title }).getByTestId('ad-stats').locator(`[data-stat="${kind}"] dd`);

async function noHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** The buyer's visit: the ad, Show phone number, then the card's Chat on WhatsApp, which lands on wa.me through our counting link. */
async function buyerVisits(buyer: Page, adId: string, withJs: boolean) {
  // A buyer arrives from the listings: a first request without our device cookie counts as nobody (server/listings/engagement.ts).
  await buyer.goto('/listings');
  await buyer.goto(`/listing/${adId}`);
  if (withJs) await hydrated(buyer);
  const card = buyer.locator('#contact');
  await card.getByRole('button', { name: 'Show phone number' }).click();
  await expect(buyer.getByTestId('seller-phone')).toHaveText('+254 712 345 678');
  const chat = card.getByRole('link', { name: 'Chat on WhatsApp' });
  await expect(chat).toHaveAttribute('href', `/listing/${adId}/whatsapp`);
  await expect(chat).toHaveAttribute('target', '_blank');
  await expect(chat).toHaveAttribute('rel', 'noopener noreferrer');
  const opened = buyer.context().waitForEvent('page');
  await chat.click();
  const whatsapp = await opened;
  await whatsapp.waitForURL(/^https:\/\/wa\.me\//);
  const url = new URL(whatsapp.url());
  expect(`${url.origin}${url.pathname}`).toBe(`https://wa.me/${PHONE.digits}`);
}

for (const withJs of [true, false]) {
  test.describe(withJs ? 'with JavaScript' : 'without JavaScript', { tag: '@one-viewport' }, () => {
    test.use({ javaScriptEnabled: withJs, viewport: { width: 360, height: 740 } });

    test('the seller sees views, phone reveals and WhatsApp taps move after a buyer’s visit', async ({ page, browser }, info) => {
      await newSignedInAccount(page, { phoneNumber: PHONE.given });
      const ad = await postAd(page.request);
      await page.goto('/manage-ads');
      for (const kind of ['views', 'phoneReveals', 'whatsappTaps', 'messages', 'saves']) await expect(figure(page, ad.title, kind)).toHaveText('0 / 0');
      await expect(page.getByTestId('ad-stats')).toContainText('Last 7 days / total');

      const context = await buyerContext(browser, info, withJs);
      try {
        await buyerVisits(await context.newPage(), ad._id, withJs);
      } finally {
        await context.close();
      }

      await page.reload();
      await expect(figure(page, ad.title, 'views')).toHaveText('1 / 1');
      await expect(figure(page, ad.title, 'phoneReveals')).toHaveText('1 / 1');
      await expect(figure(page, ad.title, 'whatsappTaps')).toHaveText('1 / 1');
      await expect(figure(page, ad.title, 'messages')).toHaveText('0 / 0');
      // Labels readable on a phone, the row inside its card, nothing wider than the screen.
      const row = page.getByTestId('ad-stats').first();
      for (const label of ['Views', 'Phone', 'WhatsApp', 'Messages', 'Saves']) {
        const dt = row.getByText(label, { exact: true });
        await expect(dt).toBeVisible();
        // Whole on one line: neither cut short nor broken.
        expect(await dt.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getClientRects().length === 1 && el.getBoundingClientRect().height < 20)).toBe(true);
      }
      const rowBox = (await row.boundingBox())!;
      expect(rowBox.x).toBeGreaterThanOrEqual(0);
      expect(rowBox.x + rowBox.width).toBeLessThanOrEqual(360);
      await noHorizontalScroll(page);
    });

    test('Manage ads pages through the seller’s ads with Previous and Next, saying which are shown', async ({ page }) => {
      await loginAs(page, DEMO.email, DEMO.password);
      await page.goto('/manage-ads');
      if (withJs) await hydrated(page);
      const heading = await page.getByRole('heading', { level: 1 }).textContent();
      const total = Number(/Your Ads \((\d+)\)/.exec(heading ?? '')?.[1]);
      expect(total).toBeGreaterThan(24);
      const pages = Math.ceil(total / 12);
      const cards = page.getByRole('list', { name: 'Your ads' }).getByRole('listitem');
      const pager = page.getByRole('navigation', { name: 'Pages of your ads' });

      await expect(page.getByTestId('ads-shown')).toHaveText(`Showing 1–12 of ${total}`);
      await expect(cards).toHaveCount(12);
      await expect(pager.getByRole('link', { name: 'Previous' })).toHaveCount(0);
      const firstTitle = await cards.first().getByRole('heading').textContent();
      for (let n = 2; n <= pages; n++) {
        await pager.getByRole('link', { name: 'Next' }).click();
        await expect(page).toHaveURL(new RegExp(`/manage-ads\\?page=${n}$`));
        const first = (n - 1) * 12 + 1;
        const last = Math.min(n * 12, total);
        await expect(page.getByTestId('ads-shown')).toHaveText(`Showing ${first}–${last} of ${total}`);
        await expect(cards).toHaveCount(last - first + 1);
        await expect(pager).toContainText(`Page ${n} of ${pages}`);
      }
      await expect(pager.getByRole('link', { name: 'Next' })).toHaveCount(0);
      await noHorizontalScroll(page);
      for (let n = pages - 1; n >= 1; n--) {
        await pager.getByRole('link', { name: 'Previous' }).click();
        await expect(page.getByTestId('ads-shown')).toHaveText(`Showing ${(n - 1) * 12 + 1}–${n * 12} of ${total}`);
      }
      await expect(cards.first().getByRole('heading')).toHaveText(firstTitle!);
    });
  });
}
