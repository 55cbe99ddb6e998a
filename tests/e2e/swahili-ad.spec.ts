import sharp from 'sharp';
import * as post from '../../kernel/i18n/sw/post.ts';
import { attrYear } from '../../kernel/i18n/sw/subcategories.ts';
import { expect, hydrated, newSignedInAccount, postAd, test, uniqueWord } from './support';

/**
 * The ad's pages in Swahili once their script runs (issue 45, plan step 5, the ad part): the
 * post form's own checks, the subcategory's fields and the phone button speak Swahili, and the
 * pages hydrate without React reporting a mismatch. The server-rendered texts are checked by
 * tests/integration/swahili-ad.test.ts.
 */
test.describe('Swahili ad pages with JavaScript', { tag: '@one-viewport' }, () => {
  test('the post form checks in Swahili and offers the subcategory\'s fields under Swahili names', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    await newSignedInAccount(page, { location: 'Nairobi', phoneNumber: '+254712345678' });
    await page.goto('/sw/post-ad');
    await hydrated(page);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Weka tangazo jipya' })).toBeVisible();
    await main.getByRole('button', { name: 'Weka tangazo' }).click();
    await expect(main.getByRole('alert').first()).toHaveText('Hitilafu: Jaza sehemu zote na uweke angalau picha moja.');
    await expect(main.getByText('Andika kichwa.')).toBeVisible();
    await expect(main.getByText('Andika maelezo.')).toBeVisible();
    await main.getByLabel('Aina', { exact: true }).selectOption('Cars & Vehicles');
    await main.getByLabel('Aina ndogo').selectOption({ label: 'Magari' });
    await expect(main.getByTestId('attribute-fields')).toContainText('Magari — maelezo zaidi');
    await expect(main.getByLabel('Kampuni')).toBeVisible();
    await expect(main.getByLabel('Gia')).toContainText('Otomatiki');
    expect(problems.filter((p) => /hydrat|did not match/i.test(p))).toEqual([]);
  });

  test('the form asks the API in the page\'s language, so a refusal only the server makes comes back in Swahili', async ({ page }) => {
    await newSignedInAccount(page, { location: 'Nairobi', phoneNumber: '+254712345678' });
    await page.goto('/sw/post-ad');
    await hydrated(page);
    const form = page.getByRole('main');
    await form.getByLabel(post.title, { exact: true }).fill(`Gari ${uniqueWord()}`);
    await form.getByLabel('Aina', { exact: true }).selectOption('Cars & Vehicles');
    await form.getByLabel('Aina ndogo').selectOption({ label: 'Magari' });
    await form.getByLabel(attrYear).fill('2014');
    await form.getByLabel(post.location, { exact: true }).fill('Nairobi');
    await form.getByLabel(post.description, { exact: true }).fill('Gari safi, mmiliki mmoja.');
    const photo = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#16a085' } }).png().toBuffer();
    await form.getByLabel(post.addPhotos).setInputFiles({ name: 'gari.png', mimeType: 'image/png', buffer: photo });
    // Posted as is, or as the draft the form has been saving: either way, to the API.
    const sent = page.waitForRequest((r) => r.method() === 'POST' && /^\/api\/(listings|drafts\/[^/]+\/publish)$/.test(new URL(r.url()).pathname));
    await form.getByRole('button', { name: post.createListing, exact: true }).click();
    // tests/integration/swahili-api.test.ts: with this header, the API's refusals are Swahili.
    expect((await sent).headers()['accept-language']).toBe('sw-KE');
    await expect(page).toHaveURL(/\/sw\//);
  });

  test('the ad page shows the seller\'s number with a Swahili answer', async ({ page }) => {
    await newSignedInAccount(page);
    const ad = await postAd(page.request, { title: `Kochi ${uniqueWord()}`, category: 'Furniture' });
    await page.context().clearCookies();
    await page.goto(`/sw/listing/${ad._id}`);
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Ushauri wa usalama' })).toBeVisible();
    await page.locator('#contact').getByRole('button', { name: 'Onyesha nambari' }).click();
    await expect(page.getByText('Nambari ya simu inaonyeshwa!')).toBeVisible();
    await expect(page.locator('#contact').getByRole('button', { name: 'Ficha nambari' })).toBeVisible();
  });
});
