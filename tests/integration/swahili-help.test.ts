import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { makeAdmin } from '../../server/moderation/moderation.ts';
import { createTestApp, type TestApp, pageRequests, TEST_ORIGIN } from '../support/app.ts';
import { loadPageBuild } from './page-build.ts';
import * as enAdmin from '../../kernel/i18n/en/admin.ts';
import * as enAdminConversation from '../../kernel/i18n/en/admin-conversation.ts';
import * as enAdminConversations from '../../kernel/i18n/en/admin-conversations.ts';
import * as enHelp from '../../kernel/i18n/en/help.ts';
import * as enHelpAccount from '../../kernel/i18n/en/help-account.ts';
import * as enHelpContactForm from '../../kernel/i18n/en/help-contact-form.ts';
import * as enHelpFaq from '../../kernel/i18n/en/help-faq.ts';
import * as enHelpHow from '../../kernel/i18n/en/help-how.ts';
import * as enHelpPosting from '../../kernel/i18n/en/help-posting.ts';
import * as enHelpPrivacy from '../../kernel/i18n/en/help-privacy.ts';
import * as enHelpSafeTrading from '../../kernel/i18n/en/help-safe-trading.ts';
import * as enHelpSamples from '../../kernel/i18n/en/help-samples.ts';
import * as enHelpTerms from '../../kernel/i18n/en/help-terms.ts';
import * as enSystem from '../../kernel/i18n/en/system.ts';

/**
 * The help pages, the system pages (404, offline) and the moderators' pages in Swahili (issue 45,
 * docs/decisions/swahili-i18n.md plan step 5): each answers in Swahili under /sw and shows none of
 * the English texts its catalogs hold (kernel/i18n/en/{help*,system,admin*}.ts).
 */
let t: TestApp;
let app: ReturnType<typeof createApp>;
let moderator: string;

beforeAll(async () => {
  t = await createTestApp();
  const [en, sw] = [await loadPageBuild('en'), await loadPageBuild('sw')];
  app = createApp(t.services, { getBuild: en.getBuild, getSwahiliBuild: sw.getBuild });
  const admin = await t.createUser({ firstName: 'Mod', lastName: 'Erator' });
  expect(await makeAdmin(t.services.db, admin.user.email)).toBe(true);
  moderator = `soko_session=${admin.token}`;
}, 300_000);

afterAll(async () => {
  await t?.close();
});

const page = pageRequests(() => app);

/** Every English text of these catalogs with four letters or more (names such as Soko are the same in both). */
const ENGLISH = [enAdmin, enAdminConversation, enAdminConversations, enHelp, enHelpAccount, enHelpContactForm, enHelpFaq, enHelpHow, enHelpPosting, enHelpPrivacy, enHelpSafeTrading, enHelpSamples, enHelpTerms, enSystem]
  .flatMap((catalog) => Object.values(catalog as Record<string, unknown>))
  .filter((text): text is string => typeof text === 'string' && /[A-Za-z]{4}/.test(text))
  .map((text) => text.trim());

const decode = (s: string) => s.replace(/<!-- -->/g, '').replace(/&amp;/g, '&').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');

/** What a reader sees and hears: the main element's text nodes, its labels and placeholders, and the title. */
function shown(html: string): string[] {
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>')).replace(/<script[\s\S]*?<\/script>/g, '');
  const nodes = decode(main)
    .split(/<[^>]*>/)
    .map((text) => text.trim())
    .filter(Boolean);
  const labels = [...main.matchAll(/(?:aria-label|placeholder|title|alt)="([^"]*)"/g)].map((m) => decode(m[1]!));
  return [...nodes, ...labels, decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')];
}

/** English texts the page shows: a whole text node, or a long text inside one. */
const englishIn = (html: string) => {
  const texts = shown(html);
  return ENGLISH.filter((english) => texts.some((text) => text === english || (english.length >= 12 && text.includes(english))));
};

const HELP_PAGES: Array<[string, string]> = [
  ['/sw/help-contact', 'Msaada na mawasiliano'],
  ['/sw/faq', 'Maswali ya mara kwa mara'],
  ['/sw/guides/posting-ads', 'Kuweka matangazo'],
  ['/sw/guides/safe-trading', 'Biashara salama'],
  ['/sw/guides/account-settings', 'Mipangilio ya akaunti'],
  ['/sw/contact-form', 'Wasiliana nasi'],
  ['/sw/contact-form?sent=1', 'Ujumbe umetumwa'],
  ['/sw/how-it-works', 'Jinsi Soko inavyofanya kazi'],
  ['/sw/terms', 'Masharti ya huduma'],
  ['/sw/privacy', 'Sera ya faragha'],
];

describe('help pages in Swahili', () => {
  it.each(HELP_PAGES)('%s is Swahili, with none of the English it replaces', async (path, heading) => {
    const res = await page(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<html lang="sw-KE"/);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    expect(englishIn(html)).toEqual([]);
  });

  it('the contact form\'s confirmation and checks are Swahili too', async () => {
    expect(await (await page('/sw/contact-form?sent=1')).text()).toContain('Asante! Ujumbe wako umetumwa.');
    const res = await page('/sw/contact-form', {
      method: 'POST',
      body: new URLSearchParams({ name: '', email: 'not-an-address', subject: '', message: 'short' }),
      headers: { Origin: TEST_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    for (const said of ['Andika jina lako.', 'Weka barua pepe sahihi.', 'Andika mada.', 'Ujumbe wako uwe na angalau herufi 10.']) expect(html).toContain(said);
    expect(html).not.toContain('Please enter');
    expect(englishIn(html)).toEqual([]);
  });

  it.each(['/sw/manage-job-ads', '/sw/create-listing'])('the sample page %s (signed in) is Swahili; the sample ads keep their own words', async (path) => {
    const html = await (await page(path, { cookie: moderator })).text();
    expect(html).toMatch(/<html lang="sw-KE"/);
    expect(englishIn(html)).toEqual([]);
    if (path === '/sw/manage-job-ads') {
      expect(html).toContain('Sales Representative');
      expect(html).toContain('Linaendelea');
    }
  });
});

describe('system pages in Swahili', () => {
  it('/sw/no-such-page is the Swahili 404 page', async () => {
    const res = await page('/sw/no-such-page');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<title>404: Ukurasa haupatikani | Soko</title>');
    expect(html).toContain('Ukurasa unaoutafuta haupo au umehamishwa.');
    expect(englishIn(html)).toEqual([]);
  });

  it('/sw/offline is the Swahili offline page, its script\'s messages included', async () => {
    const html = await (await page('/sw/offline')).text();
    expect(html).toContain('Huna mtandao');
    expect(html).toContain('Bado hakuna tangazo lililohifadhiwa kwenye simu hii.');
    expect(html).not.toContain('No ads saved on this phone yet');
    expect(englishIn(html)).toEqual([]);
  });
});

describe('moderators\' pages in Swahili', () => {
  it.each([
    ['/sw/admin', 'Ukaguzi'],
    ['/sw/admin/conversations', 'Mazungumzo yaliyoripotiwa (0)'],
  ])('%s is Swahili for a moderator', async (path, heading) => {
    const res = await page(path, { cookie: moderator });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(decode(html)).toMatch(new RegExp(`<h1[^>]*>${heading.replace(/[()]/g, '\\$&')}</h1>`));
    expect(englishIn(html)).toEqual([]);
  });
});

describe('English pages keep the specification\'s words', () => {
  it.each([
    ['/help-contact', 'Help &amp; Contact'],
    ['/faq', 'Frequently asked questions'],
    ['/privacy', 'Privacy Policy'],
    ['/no-such-page', '404: Not Found'],
  ])('%s', async (path, heading) => {
    const html = await (await page(path)).text();
    expect(html).toMatch(/<html lang="en-KE"/);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    // The check the Swahili pages pass finds the English texts here.
    expect(englishIn(html).length).toBeGreaterThan(0);
  });
});
