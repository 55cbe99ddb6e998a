import type { Browser, Page } from '@playwright/test';
import { CONTACT_TEXTS } from '#kernel/contact-preferences.ts';
import { E2E_ADMIN } from './admin-account';
import { expect, hydrated, loginAs, newAccount, postAd, signIn, test, type Account } from './support';

/*
 * Issue 43's safety screens in a phone-sized browser, with JavaScript on and off: a seller
 * chooses messages only in My details and buyers then see Message seller instead of the phone
 * buttons (and never the number); a moderator reads a reported conversation in /admin and
 * dismisses it.
 */

const PHONE = { width: 360, height: 740 };
const main = (page: Page) => page.getByRole('main');

async function pageAs(browser: Browser, account: { email: string; password: string }, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled });
  const page = await context.newPage();
  await loginAs(page, account.email, account.password);
  return page;
}

async function chooseContact(page: Page, js: boolean, choice: string) {
  await page.goto('/my-details');
  if (js) await hydrated(page);
  const section = page.locator('#contact-settings');
  await section.getByLabel(choice).check();
  await section.getByRole('button', { name: 'Save contact settings' }).click();
  await expect(section.getByTestId('contact-saved')).toHaveText(CONTACT_TEXTS.saved);
  await expect(section.getByLabel(choice)).toBeChecked();
}

for (const js of [false, true]) {
  test.describe(`JavaScript ${js ? 'on' : 'off'}`, { tag: '@one-viewport' }, () => {
    test.use({ javaScriptEnabled: js, viewport: PHONE });

    test('a seller who takes messages only: buyers get Message seller and never the number; switching back shows the phone again', async ({ page, browser, request }) => {
      const seller = await newAccount(request, { firstName: 'Faith', lastName: 'Quiet', phoneNumber: '+254744555666' });
      await signIn(request, seller);
      const ad = await postAd(request);
      const sellerPage = await pageAs(browser, seller, js);
      await chooseContact(sellerPage, js, CONTACT_TEXTS.messagesOnly);

      const numberShown = /744\s?555\s?666/;
      await page.goto(`/listing/${ad._id}`);
      if (js) await hydrated(page);
      await expect(main(page).getByTestId('messages-only')).toHaveText(CONTACT_TEXTS.adMessagesOnly);
      await expect(main(page).getByRole('button', { name: 'Show phone number' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'WhatsApp' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: /WhatsApp/ })).toHaveCount(0);
      expect(await page.content()).not.toMatch(numberShown);
      // The phone's bottom bar leads to the form.
      const bar = page.getByTestId('contact-bar');
      await bar.getByRole('link', { name: 'Message seller' }).click();
      await expect(page).toHaveURL(/#message-seller$/);
      await expect(page.getByTestId('message-seller')).toBeInViewport();

      await chooseContact(sellerPage, js, CONTACT_TEXTS.showPhone);
      await page.goto(`/listing/${ad._id}`);
      if (js) await hydrated(page);
      await expect(main(page).getByTestId('messages-only')).toHaveCount(0);
      await main(page).getByRole('button', { name: 'Show phone number' }).click();
      await expect(page.getByTestId('seller-phone')).toContainText('744');
      await sellerPage.context().close();
    });

    test('a moderator reads a reported conversation (the look is logged) and dismisses it', async ({ browser, request, page }) => {
      const seller = await newAccount(request, { firstName: 'Report', lastName: 'Seller' });
      await signIn(request, seller);
      const ad = await postAd(request);
      const buyerContext = await browser.newContext();
      const buyer: Account = await newAccount(buyerContext.request, { firstName: 'Pushy', lastName: 'Buyer' });
      await signIn(buyerContext.request, buyer);
      const started = await buyerContext.request.post('/api/conversations', { data: { listingId: ad._id, body: 'Pay a deposit today or I report you' } });
      expect(started.status(), await started.text()).toBe(201);
      const { conversationId } = (await started.json()) as { conversationId: string };
      await buyerContext.close();
      const reported = await request.post(`/api/conversations/${conversationId}/report`, { data: { reason: 'harassment', details: 'Threats' } });
      expect(reported.status()).toBe(200);

      // Not for the seller: the moderators' pages are a 404 to everyone else.
      const asSeller = await request.get(`/admin/conversations/${conversationId}`);
      expect(asSeller.status()).toBe(404);

      await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await page.goto('/admin');
      await main(page).getByRole('link', { name: 'Reported conversations' }).click();
      await expect(page).toHaveURL(/\/admin\/conversations$/);
      if (js) await hydrated(page);
      const item = page.getByTestId('conversation-case').filter({ hasText: ad.title });
      await expect(item).toContainText('Harassment or abuse');
      await item.getByRole('link', { name: ad.title }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/conversations/${conversationId}$`));
      await expect(page.getByTestId('moderated-message')).toHaveCount(1);
      await expect(page.getByTestId('moderated-message')).toContainText('Pay a deposit today or I report you');
      await expect(page.getByTestId('moderated-message')).toContainText('Flagged: Careful');
      await expect(page.getByTestId('case-reasons')).toContainText('Threats');
      await expect(page.getByTestId('conversation-audit')).toContainText('Read');
      // No sideways scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      if (js) await hydrated(page);
      await page.getByRole('button', { name: 'Dismiss' }).click();
      await expect(page).toHaveURL(/\/admin\/conversations\?dismissed=1$/);
      await expect(main(page).getByRole('status')).toContainText('Dismissed');
      await expect(page.getByTestId('conversation-case').filter({ hasText: ad.title })).toHaveCount(0);
    });
  });
}
