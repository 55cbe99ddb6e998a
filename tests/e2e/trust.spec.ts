import { expectNoSeriousA11yViolations } from './a11y';
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
