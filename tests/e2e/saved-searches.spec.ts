import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { expect, hydrated, newAccount, newSignedInAccount, openMenu, postAd, signIn, test, uniqueWord } from './support';

/*
 * Saved searches and alerts (issue 18.2): Save this search on a results page with and without
 * JavaScript (a visitor through login), the Saved searches page (/my-alerts) with its new-ad
 * count, alert frequency and Delete, and the unsubscribe link of an alert e-mail, read from the
 * server's outbox (scripts/e2e-server.ts; the alert job runs every 2 s there).
 */

const main = (page: Page) => page.getByRole('main');
const toast = (page: Page, text: string) => page.locator('[data-toast]', { hasText: text });

function outboxDir(info: TestInfo): string {
  const port = new URL(String(info.project.use.baseURL)).port;
  const dataDir = fs.readFileSync(path.join(os.tmpdir(), `soko-e2e-data-dir-${port}`), 'utf8').trim();
  return path.join(dataDir, 'outbox');
}

/** The newest alert mailed to an address whose subject has `word`: its raw text with quoted-printable line breaks undone. */
async function alertMail(info: TestInfo, email: string, word: string): Promise<string> {
  const dir = outboxDir(info);
  let mail: string | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(dir)) return undefined;
        mail = fs
          .readdirSync(dir)
          .sort()
          .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
          .filter((m) => m.includes(`To: ${email}`) && m.includes(word))
          .at(-1)
          ?.replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        return mail;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return mail!;
}

test.describe('without JavaScript', { tag: '@one-viewport' }, () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });

  test('a visitor saves a search through login, then changes its alerts and deletes it', async ({ page, request }) => {
    const word = uniqueWord();
    const buyer = await newAccount(request);
    await page.goto(`/listings?search=${word}&location=Kisumu&maxPrice=20000`);
    await main(page).getByRole('button', { name: 'Save this search' }).click();
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fsaved-searches%3F/);
    await main(page).getByLabel('Email').fill(buyer.email);
    await main(page).getByLabel('Password', { exact: true }).fill(buyer.password);
    await main(page).getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/my-alerts\?saved=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Saved searches');
    await expect(main(page).getByRole('status')).toContainText('Search saved.');
    const item = main(page).getByTestId('saved-search');
    await expect(item).toHaveCount(1);
    const label = `"${word}" near Kisumu up to Ksh 20,000`;
    await expect(item.getByRole('link', { name: label })).toBeVisible();
    await expect(item.getByTestId('new-count')).toHaveText('No new ads since your last visit');
    await expect(item.getByLabel(`E-mail alerts for ${label}`)).toHaveValue('daily');

    await item.getByLabel(`E-mail alerts for ${label}`).selectOption('instant');
    await item.getByRole('button', { name: `Update alerts for ${label}` }).click();
    await expect(main(page).getByRole('status')).toHaveText('Alert updated.');
    await expect(main(page).getByTestId('saved-search').getByLabel(`E-mail alerts for ${label}`)).toHaveValue('instant');

    // The results page knows it is saved.
    await page.goto(`/listings?search=${word}&location=Kisumu&maxPrice=20000`);
    await expect(main(page).getByRole('link', { name: 'Search saved' })).toBeVisible();

    await page.goto('/my-alerts');
    await main(page).getByRole('button', { name: `Delete ${label}` }).click();
    await expect(main(page).getByRole('status')).toHaveText('Saved search deleted.');
    await expect(main(page).getByTestId('saved-search')).toHaveCount(0);
    await expect(page.getByTestId('saved-searches-total')).toHaveText('No saved searches yet.');
  });
});

test.describe('with JavaScript', () => {
  test('Save this search on a category page stays on the page, with a toast and the header count; the new-ad count and its link', async ({ page, request }) => {
    const word = uniqueWord();
    await newSignedInAccount(page);
    await page.goto(`/category/electronics?search=${word}`);
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { mark: boolean }).mark = true));
    await main(page).getByRole('button', { name: 'Save this search' }).click();
    await expect(toast(page, 'Search saved. Find it in Saved searches.')).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Search saved' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { mark?: boolean }).mark)).toBe(true);
    const wideMenu = page.getByRole('banner').locator('details[data-menu]:not(.group) > summary');
    if (await wideMenu.isVisible()) await wideMenu.click();
    else await openMenu(page);
    await page.getByRole('banner').getByRole('link', { name: 'Saved searches (1)' }).click();

    await expect(page).toHaveURL(/\/my-alerts$/);
    const label = `"${word}" in Electronics`;
    const item = main(page).getByTestId('saved-search');
    await expect(item.getByRole('link', { name: label })).toBeVisible();
    await expect(item.getByTestId('new-count')).toHaveText('No new ads since your last visit');

    // Someone posts a matching ad: it counts as new until the search is opened from here.
    const seller = await newAccount(request);
    await signIn(request, seller);
    const ad = await postAd(request, { title: `Radio ${word}`, category: 'Electronics' });
    await page.reload();
    await expect(item.getByTestId('new-count')).toHaveText('1 new ad since your last visit');
    await item.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`/listings\\?search=${word}&category=Electronics$`));
    await expect(main(page).getByRole('link', { name: ad.title }).first()).toBeVisible();
    await page.goto('/my-alerts');
    await expect(item.getByTestId('new-count')).toHaveText('No new ads since your last visit');

    await hydrated(page);
    await item.getByLabel(`E-mail alerts for ${label}`).selectOption('off');
    await item.getByRole('button', { name: `Update alerts for ${label}` }).click();
    await expect(main(page).getByRole('status')).toHaveText('Alert updated.');
    await expect(item.getByLabel(`E-mail alerts for ${label}`)).toHaveValue('off');
    await item.getByRole('button', { name: `Delete ${label}` }).click();
    await expect(main(page).getByRole('status')).toHaveText('Saved search deleted.');
    await expect(item).toHaveCount(0);
  });
});

test.describe('alert e-mails', { tag: '@one-viewport' }, () => {
  test('an instant alert arrives with a one-click unsubscribe that works without signing in', async ({ page, request, browser }, info) => {
    const word = uniqueWord();
    const buyer = await newSignedInAccount(page);
    const saved = await page.request.post('/api/saved-searches', { data: { search: word, frequency: 'instant' } });
    expect(saved.status()).toBe(201);
    const seller = await newAccount(request);
    await signIn(request, seller);
    const ad = await postAd(request, { title: `Guitar ${word}` });

    const mail = await alertMail(info, buyer.email, word);
    expect(mail).toContain(`/listing/${ad._id}`);
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const header = mail.replace(/\r?\n[ \t]+/g, ' ').match(/^List-Unsubscribe: <([^>]+)>$/m)?.[1];
    const link = mail.match(/https?:\/\/[^\s"<>]+\/unsubscribe\/[A-Za-z0-9._%-]+/)?.[0];
    expect(link).toBeTruthy();
    expect(header).toBe(link);

    // A browser that has never signed in.
    const stranger = await browser.newContext();
    try {
      const other = await stranger.newPage();
      await other.goto(link!);
      await expect(other.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe from this alert');
      await expect(other.getByRole('main')).toContainText(`"${word}"`);
      await other.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(other.getByTestId('unsubscribed')).toContainText('You will get no more e-mails for this search.');
      // A tampered link is refused.
      await other.goto(`${link!.slice(0, -2)}xx`);
      await expect(other.getByRole('alert')).toHaveText('This unsubscribe link is not valid. Open Saved searches to change your alerts.');
    } finally {
      await stranger.close();
    }
    const list = (await (await page.request.get('/api/saved-searches')).json()) as { items: Array<{ frequency: string }> };
    expect(list.items.map((i) => i.frequency)).toEqual(['off']);
  });
});
