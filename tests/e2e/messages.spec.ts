import net from 'node:net';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { expect, hydrated, newAccount, postAd, signIn, test, type Account } from './support';

/*
 * Messages between buyers and sellers (issue 43) in a phone-sized browser: without JavaScript
 * (plain forms, through login with the text kept) and with it (two browsers, the new message
 * showing in the other's open inbox and thread without a reload).
 */

const main = (page: Page) => page.getByRole('main');
const PHONE = { width: 360, height: 740 };

async function sellerWithAd(request: Parameters<typeof newAccount>[0]) {
  const seller = await newAccount(request, { firstName: 'Wanjiru', lastName: 'Seller' });
  await signIn(request, seller);
  const ad = await postAd(request);
  return { seller, ad };
}

async function signedInPage(browser: Browser, account: Account, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, ...options });
  await signIn(context.request, account);
  return context.newPage();
}

test.describe('without JavaScript', { tag: '@one-viewport' }, () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test('a visitor writes from the ad page, logs in, comes back with the text kept, sends; the seller replies', async ({ page, request, browser }) => {
    const { seller, ad } = await sellerWithAd(request);
    const buyer = await newAccount(page.request, { firstName: 'Otieno', lastName: 'Buyer' });
    await page.context().clearCookies();

    await page.goto(`/listing/${ad._id}`);
    const form = page.getByTestId('message-seller');
    await form.getByLabel('Or write your own message').fill('Hello, is the price <b>firm</b>?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=/);
    await main(page).getByLabel('Email').fill(buyer.email);
    await main(page).getByLabel('Password', { exact: true }).fill(buyer.password);
    await main(page).getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/messages/new/${ad._id}$`));
    await expect(main(page).getByLabel('Or write your own message')).toHaveValue('Hello, is the price <b>firm</b>?');
    await main(page).getByRole('button', { name: 'Send message' }).click();

    await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}#latest$/);
    await expect(page.getByTestId('safety-tip')).toContainText('Soko never asks for M-Pesa PINs');
    await expect(page.getByTestId('message')).toHaveText([/Hello, is the price <b>firm<\/b>\?/]);

    const sellerPage = await signedInPage(browser, seller, { javaScriptEnabled: false });
    await sellerPage.goto('/');
    await expect(sellerPage.getByTestId('unread-count')).toHaveText('1');
    await sellerPage.getByTestId('messages-link').click();
    const item = sellerPage.getByTestId('conversation').filter({ hasText: ad.title });
    await expect(item).toContainText('Otieno Buyer');
    await expect(item).toContainText('1 unread');
    await item.click();
    await sellerPage.getByLabel('Reply').fill('Yes, it is firm. We can meet at the mall.');
    await sellerPage.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(sellerPage.getByTestId('message').last()).toContainText('Yes, it is firm.');
    await expect(sellerPage.getByTestId('unread-count')).toHaveCount(0);

    await page.reload();
    await expect(page.getByTestId('message').last()).toContainText('Yes, it is firm.');
    // Nothing overflows a 360 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await sellerPage.context().close();
  });

  test('a quick reply sends at once; block and delete are forms', async ({ page, request, browser }) => {
    const { seller, ad } = await sellerWithAd(request);
    const buyer = await newAccount(page.request);
    await signIn(page.request, buyer);
    await page.goto(`/listing/${ad._id}`);
    await page.getByTestId('message-seller').getByRole('button', { name: 'Is this still available?' }).click();
    await expect(page.getByTestId('message')).toHaveText([/Is this still available\?/]);

    const sellerPage = await signedInPage(browser, seller, { javaScriptEnabled: false });
    await sellerPage.goto('/messages');
    await sellerPage.getByTestId('conversation').filter({ hasText: ad.title }).click();
    await sellerPage.getByText('Block, report or delete').click();
    await sellerPage.getByRole('button', { name: /^Block / }).click();
    await expect(main(sellerPage).getByText('User blocked. They can no longer write to you.')).toBeVisible();

    // The blocked buyer sees their message as sent; the seller never gets it.
    await page.getByLabel('Reply').fill('Hello? Are you there?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByTestId('message').last()).toContainText('Hello? Are you there?');
    await sellerPage.reload();
    await expect(sellerPage.getByTestId('message')).toHaveCount(1);

    await sellerPage.getByText('Block, report or delete').click();
    await sellerPage.getByRole('button', { name: 'Delete conversation' }).click();
    await expect(sellerPage).toHaveURL(/\/messages$/);
    await expect(sellerPage.getByTestId('conversation').filter({ hasText: ad.title })).toHaveCount(0);
    await sellerPage.context().close();
  });
});

test.describe('with JavaScript', { tag: '@one-viewport' }, () => {
  test.use({ viewport: PHONE });

  test('two browsers exchange messages live: the open inbox and thread update within 2 s without a reload, over one event stream', async ({ page, request, browser }) => {
    const { seller, ad } = await sellerWithAd(request);
    const buyer = await newAccount(page.request, { firstName: 'Akinyi', lastName: 'Live' });
    await signIn(page.request, buyer);

    const sellerPage = await signedInPage(browser, seller, {});
    const streams: string[] = [];
    const polls: string[] = [];
    sellerPage.on('request', (r) => {
      if (r.url().includes('/messages/events')) streams.push(r.url());
      if (r.url().includes('/messages/updates')) polls.push(r.url());
    });
    const streamOpen = sellerPage.waitForResponse((r) => r.url().includes('/messages/events') && r.status() === 200);
    await sellerPage.goto('/messages');
    await hydrated(sellerPage);
    await streamOpen;
    await expect(sellerPage.getByText('No messages yet.', { exact: false })).toBeVisible();

    await page.goto(`/listing/${ad._id}`);
    await hydrated(page);
    await page.getByTestId('message-seller').getByRole('button', { name: "What's your last price?" }).click();
    await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}/);
    await expect(page.getByTestId('message')).toHaveText([/What's your last price\?/]);

    // The seller's open inbox shows it within 2 s, with the header count.
    const item = sellerPage.getByTestId('conversation').filter({ hasText: ad.title });
    await expect(item).toContainText("What's your last price?", { timeout: 2000 });
    await expect(sellerPage.getByTestId('unread-count')).toHaveText('1');
    await item.click();
    await expect(sellerPage.getByTestId('message')).toHaveCount(1);
    await hydrated(page);
    await sellerPage.getByLabel('Reply').fill('Ksh 1,400, final.');
    await sellerPage.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(sellerPage.getByTestId('message').last()).toContainText('Ksh 1,400, final.');
    await expect(sellerPage.getByLabel('Reply')).toHaveValue('');

    // The buyer's open thread shows the reply within 2 s, without a reload.
    await expect(page.getByTestId('message').last()).toContainText('Ksh 1,400, final.', { timeout: 2000 });
    // Pushed, not polled: one stream for the seller's tab, kept from the inbox to the thread.
    expect(streams).toHaveLength(1);
    expect(polls).toHaveLength(0);
    expect(await sellerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await sellerPage.context().close();
  });
});

/**
 * A TCP proxy in front of the test server that can cut every connection through it and refuse
 * new ones for a while: a phone losing its signal, for real (the browser's offline emulation
 * leaves a stream that is already open alone).
 */
async function cuttableProxy(port: number) {
  const sockets = new Set<net.Socket>();
  let refusing = false;
  const server = net.createServer((client) => {
    if (refusing) return void client.destroy();
    const upstream = net.connect(port, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    cut() {
      refusing = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      refusing = false;
    },
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}

test.describe('with JavaScript, a dropped connection', { tag: '@one-viewport' }, () => {
  test.use({ viewport: PHONE });

  test('reconnects and shows what was sent while it was down', async ({ page, request }) => {
    const { ad } = await sellerWithAd(request);
    const buyer = await newAccount(page.request, { firstName: 'Baraka', lastName: 'Offline' });
    await signIn(page.request, buyer);
    const started = await page.request.post('/api/conversations', { data: { listingId: ad._id, body: 'Where can we meet?' } });
    expect(started.status()).toBe(201);
    const { conversationId } = (await started.json()) as { conversationId: string };
    // The buyer's browser reaches the server through a connection that can be cut (the session cookie ignores the port).
    const proxy = await cuttableProxy(Number(new URL(test.info().project.use.baseURL!).port));
    // The stream's first event (its id) follows its headers after a database read: the test notes
    // it, so that the signal goes only once the browser holds an id to reconnect with.
    await page.addInitScript(() => {
      const Native = window.EventSource;
      window.EventSource = class extends Native {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init);
          this.addEventListener('message', (event) => {
            (window as unknown as { lastEventId?: string }).lastEventId = event.lastEventId;
          });
        }
      };
    });
    try {
      await page.goto(`${proxy.url}/messages/${conversationId}`);
      await hydrated(page);
      await page.waitForFunction(() => Boolean((window as unknown as { lastEventId?: string }).lastEventId));
      await expect(page.getByTestId('message')).toHaveCount(1);

      // The signal goes; the seller answers meanwhile; the signal comes back.
      proxy.cut();
      const answer = await request.post(`/api/conversations/${conversationId}/messages`, { data: { body: 'At the Kencom stage, 5 pm.' } });
      expect(answer.status()).toBe(201);
      await expect(page.getByTestId('message')).toHaveCount(1);
      const reconnected = page.waitForResponse((r) => r.url().includes('/messages/events') && r.status() === 200, { timeout: 15_000 });
      proxy.restore();
      // The browser reconnects by itself with the last tag it saw; the server sends what changed.
      expect(await (await reconnected).request().headerValue('last-event-id')).toMatch(/^[A-Za-z0-9_-]{16}$/);
      await expect(page.getByTestId('message').last()).toContainText('At the Kencom stage, 5 pm.', { timeout: 5_000 });
      await expect(page.getByTestId('message')).toHaveCount(2);
    } finally {
      await proxy.close();
    }
  });
});
