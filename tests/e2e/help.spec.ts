import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, hydrated, newAccount, newSignedInAccount, postAd, signIn, test, uniqueWord } from './support';

// axe is injected as an inline script, which our CSP rightly blocks (see a11y.ts).
test.use({ bypassCSP: true });

const SUPPORT_EMAIL = 'support@soko.co.ke';

async function expectPageBasics(page: Page, title: RegExp) {
  await expect(page).toHaveTitle(title);
  const description = page.locator('meta[name="description"]');
  await expect(description).toHaveCount(1);
  expect((await description.getAttribute('content'))?.length ?? 0).toBeGreaterThan(40);
  // Usable at 360 px: the page never scrolls sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // Accessibility of every one of these pages, in both themes and at both widths: a11y-sweep.spec.ts.
}

test.describe('help and legal pages', () => {
  test('Help & Contact links every guide, the FAQ and the contact form, with the support e-mail and phone hours', { tag: '@one-viewport' }, async ({ page }) => {
    const res = await page.goto('/help-contact');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Help & Contact' })).toBeVisible();
    const main = page.getByRole('main');
    for (const href of ['/faq', '/guides/posting-ads', '/guides/safe-trading', '/guides/account-settings', '/contact-form']) {
      await expect(main.locator(`a[href="${href}"]`).first()).toBeVisible();
    }
    await expect(main.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    await expect(main.getByText('Monday-Friday 9 AM-5 PM EAT', { exact: true })).toBeVisible();
    await expectPageBasics(page, /^Help & Contact \| Soko$/);

    await main.getByRole('link', { name: 'Open the contact form' }).click();
    await expect(page).toHaveURL(/\/contact-form$/);
  });

  const pages: Array<{ path: string; title: RegExp; heading: string; texts: Array<string | RegExp> }> = [
    {
      path: '/faq',
      title: /^Frequently asked questions \| Soko$/,
      heading: 'Frequently asked questions',
      texts: ['Does it cost anything to use Soko?', /200 Ksh for one week/, /Up to 10 photos per ad/, 'How do I delete my account?'],
    },
    {
      path: '/guides/posting-ads',
      title: /^Guide: posting ads \| Soko$/,
      heading: 'Posting ads',
      texts: ['Post your ad step by step', 'Feature your ad: 200 Ksh for one week', /Pay with M-Pesa/, /Flutterwave/],
    },
    {
      path: '/guides/safe-trading',
      title: /^Guide: safe trading \| Soko$/,
      heading: 'Safe trading',
      texts: [
        /Never pay a deposit, booking fee or .transport fee. before you have seen the item/,
        /Meet in a busy public place in daylight/,
        /Bring a friend/,
        /NTSA/,
        /official land search at the Ministry of Lands/,
        'Fake M-Pesa confirmation messages',
        /Check your M-Pesa balance or statement, not the message/,
        /I sent money to you by mistake/,
        'Fake job offers that ask for fees',
        'Overpayment scams',
      ],
    },
    {
      path: '/guides/account-settings',
      title: /^Guide: account settings \| Soko$/,
      heading: 'Account settings',
      texts: ['Change your details', 'Change your password', /Forgot password/, 'Delete your account', /Danger Zone/],
    },
    {
      path: '/how-it-works',
      title: /^How Soko works \| Soko$/,
      heading: 'How Soko works',
      texts: ['Selling on Soko', 'Buying on Soko', 'Featured ads: 200 Ksh for one week'],
    },
    {
      path: '/terms',
      title: /^Terms of Service \| Soko$/,
      heading: 'Terms of Service',
      texts: ['3. Posting ads', /Featuring an ad costs 200 Ksh for one week/, /laws of Kenya/],
    },
    {
      path: '/privacy',
      title: /^Privacy Policy \| Soko$/,
      heading: 'Privacy Policy',
      texts: [
        'Your rights under the Data Protection Act, 2019',
        'access',
        'correction',
        'deletion',
        'object',
        'data portability',
        /Office of the Data Protection Commissioner \(ODPC\)/,
        'How to delete your account',
        /Danger Zone/,
      ],
    },
  ];

  for (const p of pages) {
    test(`${p.path} has its content, title and description`, { tag: '@one-viewport' }, async ({ page }) => {
      const res = await page.goto(p.path);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
      const main = page.getByRole('main');
      for (const text of p.texts) {
        await expect(main.getByText(text, typeof text === 'string' ? { exact: true } : undefined).first()).toBeVisible();
      }
      await expectPageBasics(page, p.title);
    });
  }

  test('the footer leads to real Terms of Service and Privacy pages', { tag: '@one-viewport' }, async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  });

  test('the shared shell: home and 404 pages have no serious accessibility problems', { tag: '@one-viewport' }, async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await expectNoSeriousA11yViolations(page);
    // The page follows the system theme as it changes (once hydrated).
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expectNoSeriousA11yViolations(page);
    const res = await page.goto('/this/does/not/exist');
    expect(res?.status()).toBe(404);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('contact form', { tag: '@one-viewport' }, () => {
  test('has labelled fields', async ({ page }) => {
    await page.goto('/contact-form');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    for (const label of ['Your name', 'E-mail address', 'Subject', 'Message']) await expect(page.getByLabel(label)).toBeVisible();
    await expectPageBasics(page, /^Contact us \| Soko$/);
  });

  test('with JavaScript: shows clear messages for bad input, then confirms a good message', async ({ page }) => {
    await page.goto('/contact-form');
    await hydrated(page);
    await page.getByLabel('Your name').fill('Otieno Odhiambo');
    await page.getByLabel('E-mail address').fill('otieno.example.com');
    await page.getByLabel('Message').fill('Hi');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Please enter a valid email address.', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Please enter a subject.', { exact: true })).toBeVisible();
    await expect(page.getByText('Your message must be at least 10 characters long.', { exact: true })).toBeVisible();
    await expect(page.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true');
    // What was typed is kept.
    await expect(page.getByLabel('Your name')).toHaveValue('Otieno Odhiambo');
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('E-mail address').fill('otieno@example.com');
    await page.getByLabel('Subject').fill('Payment for featuring');
    await page.getByLabel('Message').fill('I paid 200 Ksh by M-Pesa but my ad does not show as featured yet.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Message sent' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you! Your message has been sent.' })).toBeVisible();
    await expect(page).toHaveURL(/\/contact-form\?sent=1$/);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('refuses bad input with a 400 page and sends a good message', async ({ page }) => {
      await page.goto('/contact-form');
      const [bad] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/contact-form') && r.request().method() === 'POST'),
        page.getByRole('button', { name: 'Send message' }).click(),
      ]);
      expect(bad.status()).toBe(400);
      await expect(page.getByText('Please enter your name.', { exact: true }).first()).toBeVisible();
      await expect(page.getByText('Please write your message.', { exact: true })).toBeVisible();

      await page.getByLabel('Your name').fill('Achieng Auma');
      await page.getByLabel('E-mail address').fill('achieng@example.co.ke');
      await page.getByLabel('Subject').fill('Report a suspicious ad');
      await page.getByLabel('Message').fill('This seller asked me for a deposit before viewing the car.');
      await page.getByRole('button', { name: 'Send message' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Message sent' })).toBeVisible();
      await expect(page.getByText(/Thank you! Your message has been sent\./)).toBeVisible();
    });
  });
});

const PROTECTED = ['/favourites', '/my-alerts', '/manage-job-ads', '/messages', '/create-listing'];

test.describe('sample pages', { tag: '@one-viewport' }, () => {
  test('send signed-out visitors to login, remembering the page', async ({ page }) => {
    for (const path of PROTECTED) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/auth/login\\?redirectTo=${encodeURIComponent(path)}$`));
    }
  });

  test.describe('signed in', () => {
    test.beforeEach(async ({ page }) => {
      await newSignedInAccount(page);
    });

    test('/favourites is the real Saved ads page: a saved ad as a card with title, price, photo and location', async ({ page, request }) => {
      // No longer a sample (issue 18): the user's own saved ads; tests/e2e/buyer-tools.spec.ts covers saving.
      await page.goto('/favourites');
      await expect(page.getByRole('heading', { level: 1, name: 'Saved ads' })).toBeVisible();
      await expect(page.getByTestId('saved-total')).toHaveText('Nothing saved yet.');
      await expect(page.getByRole('main').getByRole('link', { name: 'Browse all listings' })).toBeVisible();
      await signIn(request, await newAccount(request));
      const ad = await postAd(request, { title: `Toyota Axio 2014 ${uniqueWord()}`, price: 1_350_000, location: 'Kasarani, Nairobi' });
      expect((await page.request.put(`/api/saved/${ad._id}`)).status()).toBe(200);
      await page.reload();
      const cards = page.getByRole('main').getByRole('listitem');
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText(ad.title);
      await expect(cards.first()).toContainText('Ksh 1,350,000');
      await expect(cards.first()).toContainText('Kasarani, Nairobi');
      await expect(cards.first().locator('img')).toHaveAttribute('src', /^\/media\//);
      await expect(cards.first().getByRole('button', { name: `Save ${ad.title}` })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByText('Sample page:')).toHaveCount(0);
      await expectPageBasics(page, /^Saved ads \| Soko$/);
    });

    test('/my-alerts is the real Saved searches page, empty for a new account', async ({ page }) => {
      // No longer a sample (issue 18): tests/e2e/saved-searches.spec.ts covers saving and alerts.
      await page.goto('/my-alerts');
      await expect(page.getByRole('heading', { level: 1, name: 'Saved searches' })).toBeVisible();
      await expect(page.getByTestId('saved-searches-total')).toHaveText('No saved searches yet.');
      await expect(page.getByRole('main').getByRole('link', { name: 'Browse all listings' })).toBeVisible();
      await expect(page.getByText('Sample page:')).toHaveCount(0);
      await expectPageBasics(page, /^Saved searches \| Soko$/);
    });

    test('/manage-job-ads shows the job ads table with its columns and actions', async ({ page }) => {
      await page.goto('/manage-job-ads');
      await hydrated(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Manage Job Ads' })).toBeVisible();
      const table = page.getByRole('table', { name: 'Your job ads' });
      await expect(table.getByRole('columnheader')).toHaveText(['Job Title', 'Company', 'Status', 'Applications', 'Date Posted', 'Actions']);
      await expect(table.getByRole('row')).toHaveCount(5);
      await expect(table.getByText('Active', { exact: true }).first()).toBeVisible();
      await expect(table.getByText('Expired', { exact: true }).first()).toBeVisible();
      const first = table.getByRole('row').nth(1);
      await expect(first.getByRole('rowheader')).toHaveText('Sales Representative');
      await expect(first).toContainText('Jamii Distributors Ltd');
      await expect(first).toContainText('24');
      for (const action of ['View Apps', 'Edit', 'Close Ad']) {
        await expect(first.getByRole('button', { name: `${action}: Sales Representative` })).toHaveText(action);
      }
      await first.getByRole('button', { name: 'Close Ad: Sales Representative' }).click();
      await expect(page.getByText('Job ads are a sample page for now: this action is not available yet.')).toBeVisible();
      await expectPageBasics(page, /^Manage Job Ads \| Soko$/);
    });

    test('/messages is the inbox, empty for a new account', async ({ page }) => {
      await page.goto('/messages');
      await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
      await expect(page.getByText('No messages yet. Use Message seller on an ad to ask about it.')).toBeVisible();
      await expectPageBasics(page, /^Messages \| Soko$/);
    });

    test('/create-listing is a labelled demo that only logs its values', async ({ page }) => {
      await page.goto('/create-listing');
      await hydrated(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Create a listing (demo)' })).toBeVisible();
      await expect(page.getByText('This is a demo form: nothing you enter here is saved or published.')).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Post an ad' })).toHaveAttribute('href', '/post-ad');
      await expect(page.getByText('You can add up to 10 photos.')).toBeVisible();
      const options = page.getByLabel('Category', { exact: true }).locator('option:not([disabled])');
      await expect(options).toHaveText(['Vehicles', 'Properties', 'Electronics', 'Furniture', 'Computers', 'Other']);
      expect(await options.evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))).toEqual([
        'vehicles', 'properties', 'electronics', 'furniture', 'computers', 'other',
      ]);
      await expectPageBasics(page, /^Create a listing \(demo\) \| Soko$/);

      const logged: string[] = [];
      page.on('console', async (msg) => {
        if (msg.type() === 'log') logged.push(`${msg.text()} ${JSON.stringify(await msg.args()[1]?.jsonValue().catch(() => null))}`);
      });
      const posts: string[] = [];
      page.on('request', (r) => {
        if (r.method() !== 'GET') posts.push(r.url());
      });
      const main = page.getByRole('main');
      await main.getByLabel('Title').fill('Mahogany dining table, 6 seats');
      await main.getByLabel('Category', { exact: true }).selectOption('furniture');
      await main.getByLabel('Price (Ksh)').fill('28000');
      await main.getByLabel('Location').fill('Karen, Nairobi');
      await main.getByLabel('Description').fill('Solid wood, two years old.');
      await main.getByRole('button', { name: 'Create Listing (demo)' }).click();
      await expect(page.getByText(/Demo only: the values were written to the browser console and nothing was saved\./)).toBeVisible();
      await expect.poll(() => logged.join('\n')).toContain('Create listing demo (nothing is saved):');
      const entry = logged.find((l) => l.startsWith('Create listing demo'))!;
      expect(entry).toContain('"title":"Mahogany dining table, 6 seats"');
      expect(entry).toContain('"category":"furniture"');
      expect(entry).toContain('"price":"28000"');
      expect(posts).toEqual([]);
    });

    test.describe('without JavaScript', () => {
      test.use({ javaScriptEnabled: false });

      test('/create-listing still answers a submit, saving nothing', async ({ page }) => {
        await page.goto('/create-listing');
        const main = page.getByRole('main');
        await main.getByLabel('Title').fill('Office chair');
        await main.getByRole('button', { name: 'Create Listing (demo)' }).click();
        await expect(page.getByText(/Demo only: .* nothing was saved\./)).toBeVisible();
        await expect(main.getByRole('link', { name: 'Post a real ad' })).toHaveAttribute('href', '/post-ad');
      });
    });
  });
});
