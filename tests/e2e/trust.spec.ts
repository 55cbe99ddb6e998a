import { expectNoSeriousA11yViolations } from './a11y';
import type { APIRequestContext } from '@playwright/test';
import { expect, newAccount, postAd, signIn, test, uniqueWord } from './support';

/**
 * Issue 19 in the browser: the advice beside the contact buttons, and reporting an ad, with
 * and without JavaScript (the form is plain HTML either way).
 */
test.describe('on an ad page', { tag: '@one-viewport' }, () => {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
      // bypassCSP: the axe check injects its script (tests/e2e/a11y.ts).
      test.use({ javaScriptEnabled, bypassCSP: true });

      test('a buyer reports an ad with a reason and is thanked; without a reason the browser asks for one', async ({ page, request }) => {
        await signIn(request, await newAccount(request));
        const ad = await postAd(request, { title: `Report me ${uniqueWord()}` });
        await page.goto(`/listing/${ad._id}`);

        // The advice sits with the contact buttons and leads to the guide.
        const advice = page.getByTestId('contact-advice');
        await expect(advice).toContainText('Never pay before you have seen the item');
        await expect(advice.getByRole('link', { name: 'Safe trading tips' })).toHaveAttribute('href', '/guides/safe-trading');

        const report = page.locator('details#report');
        await report.getByText('Report this ad').click();
        await expect(report.getByRole('group', { name: 'Why are you reporting this ad?' })).toBeVisible();
        if (javaScriptEnabled) await expectNoSeriousA11yViolations(page, { failOn: 'all' });
        await report.getByLabel('Anything else we should know? (optional)').fill('Wants a deposit before viewing.');
        // The browser itself asks for a reason first (required radio): nothing is sent.
        await report.getByRole('button', { name: 'Send report' }).click();
        await expect(report.getByRole('radio', { name: 'Scam or fraud' })).toHaveJSProperty('validity.valueMissing', true);

        await report.getByRole('radio', { name: 'Scam or fraud' }).check();
        await report.getByRole('button', { name: 'Send report' }).click();
        await expect(page.locator('details#report[open]').getByRole('status')).toHaveText('Thank you for your report. Our team will review this ad.');
        await expect(page).toHaveURL(new RegExp(`/listing/${ad._id}#report$`));
      });
    });
  }
});

test.describe('verifying a phone', { tag: '@one-viewport' }, () => {
  /** The code the SMS sandbox (server/sms/sandbox.ts) texted to a number. */
  async function codeTextedTo(request: APIRequestContext, phone: string): Promise<string> {
    let code = '';
    await expect
      .poll(async () => {
        const messages = (await (await request.get(`/sandbox/africastalking/_control/messages?to=${encodeURIComponent(phone)}`)).json()) as { message: string }[];
        code = /\b(\d{6})\b/.exec(messages.at(-1)?.message ?? '')?.[1] ?? '';
        return code;
      })
      .not.toBe('');
    return code;
  }

  for (const javaScriptEnabled of [true, false]) {
    test(`from My details to a Verified phone badge on the seller's ad (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async ({ browser, request }) => {
      const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { 'X-Forwarded-For': `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } });
      const page = await context.newPage();
      const phone = `+2547${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      const account = await newAccount(page.request, { phoneNumber: phone });
      await signIn(page.request, account);
      const ad = await postAd(page.request);
      await page.goto(`/listing/${ad._id}`);
      await expect(page.getByTestId('verified-phone')).toHaveCount(0);

      await page.goto('/my-details');
      await page.getByRole('link', { name: 'Verify your phone' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verify your phone');
      await page.getByRole('button', { name: 'Text me a code' }).click();
      await expect(page.getByRole('main').getByRole('status')).toContainText('We sent a 6-digit code to');
      const code = await codeTextedTo(request, phone);
      const wrong = code === '000000' ? '111111' : '000000';
      await page.getByLabel('Code from the text message').fill(wrong);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByRole('main').getByRole('alert')).toHaveText('That code is not right. You have 4 tries left.');
      await page.getByLabel('Code from the text message').fill(code);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByRole('main').getByRole('status')).toHaveText('Your phone number is verified. Buyers now see "Verified phone" on your ads.');

      await page.goto(`/listing/${ad._id}`);
      await expect(page.getByTestId('verified-phone')).toHaveText('Verified phone');
      await page.goto('/my-details');
      await expect(page.getByTestId('phone-verified')).toBeVisible();
      await context.close();
    });
  }
});
